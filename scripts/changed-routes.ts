/**
 * The pages a change touches (`npm run preview:matrix -- --changed[=REF]`, issue 34), so CI shoots
 * those and not all 170: a page file, the templates it extends, the activities it names, the
 * widgets it uses, the pictures it shows. A change to the engine or the app (src/, a shared
 * widget helper, the build and its packages, the server's code) may move any page: every page.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listCampaignFiles } from '../src/build/campaign-project';

export interface PageView {
  route: string;
  /** Its file and the templates it extends, relative to the project (campaigns/…). */
  files: string[];
  /** Their text, to find what they name. */
  text: string;
}

/** Files whose change may move any page. */
const EVERY_PAGE = [
  /^src\/(?!.*\.test\.tsx?$)/,
  /^widgets\/_/,
  /^server\/src\/(?!.*\.test\.ts$)/,
  /^(index\.html|vite\.config\.ts|package\.json|package-lock\.json)$/,
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The routes `changed` files touch, each with why; `every` when one of them moves every page. */
export function routesTouched(
  changed: readonly string[],
  pages: readonly PageView[],
  activityCodeOf: (file: string) => string | null,
): { routes: string[]; reasons: Map<string, string>; every: string | null } {
  const reasons = new Map<string, string>();
  const touch = (predicate: (page: PageView) => boolean, why: string) => {
    for (const page of pages)
      if (!reasons.has(page.route) && predicate(page)) reasons.set(page.route, why);
  };
  let every: string | null = null;
  for (const file of changed) {
    if (EVERY_PAGE.some((pattern) => pattern.test(file))) {
      every ??= file;
      continue;
    }
    if (file.startsWith('campaigns/') && file.endsWith('.json')) {
      touch((page) => page.files.includes(file), file);
    } else if (file.startsWith('server/activities/') && file.endsWith('.json')) {
      const code = activityCodeOf(file);
      if (code) {
        const named = new RegExp(`"${escapeRegExp(code)}"`);
        touch((page) => named.test(page.text), `${file} (activity ${code})`);
      }
    } else if (/^widgets\/[^_/][^/]*\//.test(file)) {
      const type = file.split('/')[1]!;
      const used = new RegExp(`"type"\\s*:\\s*"${escapeRegExp(type)}"`);
      touch((page) => used.test(page.text), `${file} (widget ${type})`);
    } else if (file.startsWith('public/')) {
      const address = `/mp/activity/${file.slice('public/'.length)}`;
      touch((page) => page.text.includes(address), file);
    }
  }
  if (every !== null) {
    return {
      routes: pages.map((p) => p.route).sort(),
      reasons: new Map(pages.map((p) => [p.route, every!])),
      every,
    };
  }
  return { routes: [...reasons.keys()].sort(), reasons, every };
}

/** Every page of the project with the files it is made of. */
export function pageViews(projectDir: string): PageView[] {
  const campaignsDir = join(projectDir, 'campaigns');
  const read = (relative: string) => readFileSync(join(projectDir, relative), 'utf8');
  const chain = (relative: string, seen: string[] = []): string[] => {
    if (seen.includes(relative) || !existsSync(join(projectDir, relative))) return seen;
    let parent: unknown;
    try {
      parent = (JSON.parse(read(relative)) as { extends?: unknown }).extends;
    } catch {
      return [...seen, relative];
    }
    const files = [...seen, relative];
    if (typeof parent !== 'string') return files;
    const name = parent.replace(/\.json$/, '');
    const next = [`campaigns/${name}.json`, `campaigns/${name}/index.json`].find((f) =>
      existsSync(join(projectDir, f)),
    );
    return next ? chain(next, files) : files;
  };
  return listCampaignFiles(campaignsDir)
    .filter((f): f is typeof f & { route: string } => f.route !== null)
    .map((f) => {
      const files = chain(`campaigns/${f.relativePath}`);
      return { route: f.route, files, text: files.map(read).join('\n') };
    });
}

/** Files changed since the merge base with `ref`, committed or not, new files included. */
export function changedFiles(projectDir: string, ref: string): string[] {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: projectDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  let base: string;
  try {
    base = git('merge-base', ref, 'HEAD').trim();
  } catch {
    throw new Error(
      `--changed=${ref}: git knows no revision "${ref}" here (a branch, tag or commit)`,
    );
  }
  const lines = [
    ...git('diff', '--name-only', base).split('\n'),
    ...git('ls-files', '--others', '--exclude-standard').split('\n'),
  ];
  return [...new Set(lines.map((l) => l.trim()).filter(Boolean))].sort();
}

/** The routes of `npm run preview:matrix -- --changed=REF`, and why each. */
export function changedRoutes(
  projectDir: string,
  ref: string,
): ReturnType<typeof routesTouched> & { files: string[] } {
  const files = changedFiles(projectDir, ref);
  const codeOf = (file: string) => {
    try {
      const code = (
        JSON.parse(readFileSync(join(projectDir, file), 'utf8')) as { activityCode?: unknown }
      ).activityCode;
      return typeof code === 'string' ? code : null;
    } catch {
      // A deleted activity: its file name is its code (the validator insists).
      return file
        .split('/')
        .pop()!
        .replace(/\.json$/, '');
    }
  };
  return { ...routesTouched(files, pageViews(projectDir), codeOf), files };
}
