/**
 * Images and media a document or an activity names on this site (`/mp/activity/<file>`) must
 * exist under public/, or the page shows a broken picture. The named prize art
 * (public/art/<name>.svg, docs/authoring.md "Prize art") is checked the same way, and a wrong
 * name gets the list of names.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { JsonPath } from './diagnostic';
import type { SemanticProblem } from './semantic-checks';

/** Where the site's own files are served from (vite's `base`): /mp/activity/ → public/. */
/** The named prize and product art an operator may use (public/art/<name>.svg). */
export const PRIZE_ART_DIR = 'art';

const ASSET =
  /^\/mp\/activity\/([\w./-]+\.(?:svg|png|jpe?g|webp|gif|webm|mp4|mp3|m4a))(?:[?#].*)?$/i;

/** The names of the prize art, sorted. */
export function prizeArtNames(publicDir: string): string[] {
  const dir = path.join(publicDir, PRIZE_ART_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.svg'))
    .map((file) => file.slice(0, -'.svg'.length))
    .sort();
}

/** Every `/mp/activity/<file>` string in `value` whose file is not under public/. */
export function checkLocalAssets(value: unknown, publicDir: string): SemanticProblem[] {
  // A project without a public/ folder (a fixture, a copy of campaigns/ alone) has no site files
  // to check against.
  if (!existsSync(publicDir)) return [];
  const problems: SemanticProblem[] = [];
  const walk = (node: unknown, at: JsonPath): void => {
    if (typeof node === 'string') {
      const file = ASSET.exec(node)?.[1];
      if (!file || file.split('/').includes('..')) return;
      if (existsSync(path.join(publicDir, file))) return;
      const art = file.startsWith(`${PRIZE_ART_DIR}/`);
      problems.push({
        path: at,
        code: 'missing-asset',
        message: art
          ? `no prize art named "${file.slice(PRIZE_ART_DIR.length + 1).replace(/\.svg$/, '')}": write /mp/activity/art/<name>.svg with one of ${prizeArtNames(publicDir).join(', ')}`
          : `no such file: public/${file}; put the file there (docs/authoring.md "Images") or fix the path`,
      });
      return;
    }
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...at, i]));
    else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, [...at, key]);
    }
  };
  walk(value, []);
  return problems;
}
