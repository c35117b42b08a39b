/**
 * The one narrow-phone breakpoint. Widgets are laid out for phones of 360 px and wider; below
 * that (320 px phones) a widget whose fixed columns leave its text too little room tightens them
 * in `@media (max-width: 359px)`, and only there. One width in every stylesheet, so a page never
 * switches half its widgets at one width and the rest at another. A stylesheet that needs another
 * width-based query changes this rule first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const NARROW_PHONE_QUERY = '(max-width: 359px)';

const ROOT = process.cwd();
const WIDTH_QUERY = /@media[^{]*\b(?:min|max)-width\b[^{]*/g;

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('narrow-phone breakpoint', () => {
  const files = [...stylesheets(join(ROOT, 'widgets')), ...stylesheets(join(ROOT, 'src'))];

  it('is the only width-based media query of any stylesheet', () => {
    const queries = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(WIDTH_QUERY)].map((match) => ({
        file: relative(ROOT, file),
        query: match[0].trim(),
      })),
    );
    // The widgets that tighten their columns on 320 px phones (session 13).
    expect(queries.length).toBeGreaterThanOrEqual(5);
    expect(queries.filter(({ query }) => query !== `@media ${NARROW_PHONE_QUERY}`)).toEqual([]);
  });
});
