/**
 * npm run new -- <route> --from <route|_templates/name> [--title 标题] [--code activity-code]
 *
 * Scaffolds a page family that validates and works at once (issues 11, 34): the page and its
 * sub-pages in campaigns/ (`tongchengApr`, `tongchengApr/phone`, `tongchengApr/detail`) and their
 * own activities in server/activities/ (copies of the source's under new codes, prize ids, id and
 * window), with every activity code and prize id of the source replaced (scripts/scaffold.ts).
 * From a template the pages are a few lines that `extends` it; from a route they are copies.
 * Prints what it wrote and validates it; exits 1 with the validator's located errors when the new
 * pages do not validate, 2 on a usage mistake. Refuses to overwrite anything.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { planScaffold, ScaffoldError, type PlannedFile } from './scaffold';

const root = fileURLToPath(new URL('..', import.meta.url));
// Another project folder (tests scaffold into a copy): its campaigns/ and server/activities/.
const projectDir = process.env.CAMPAIGN_PROJECT_DIR ?? root;
const ROUTE = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\/[A-Za-z0-9][A-Za-z0-9_-]*)*$/;

const USAGE = `usage: npm run new -- <route> --from <route|_templates/name> [--title 标题] [--code activity-code]

  <route>   the new page's path under /mp/activity/, e.g. tongchengApr or springSale/rules
  --from    an existing route (its page and the pages under it are copied) or a template under
            campaigns/_templates/ (the new pages extend it, with the sub-pages its seasons have)
  --title   the page's title (default: the source's); sub-pages keep their suffix (·绑定手机号)
  --code    the new activity's code (default: from the route, e.g. tongcheng-apr)`;

function fail(message: string, status = 2): never {
  console.error(message);
  process.exit(status);
}

function parseArgs(argv: string[]): { route: string; from: string; title?: string; code?: string } {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      const value = inline ?? argv[(i += 1)];
      if (!name || !['from', 'title', 'code'].includes(name) || value === undefined) {
        fail(`unknown or incomplete option ${arg}\n\n${USAGE}`);
      }
      options.set(name, value);
    } else positional.push(arg);
  }
  const route = positional[0]?.replace(/^\/+|\/+$/g, '');
  const from = options.get('from')?.replace(/^\/+|\/+$/g, '');
  if (positional.length !== 1 || !route || !from) fail(USAGE);
  if (!ROUTE.test(route) || route.startsWith('_')) {
    fail(`"${route}" is not a route: letters, digits, - and _, segments separated by /`);
  }
  const title = options.get('title');
  const code = options.get('code');
  return { route, from, ...(title ? { title } : {}), ...(code ? { code } : {}) };
}

function write(file: PlannedFile): string {
  const full = join(projectDir, file.path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, `${JSON.stringify(file.json, null, 2)}\n`, { flag: 'wx' });
  return full;
}

function main(): void {
  const { route, from, title, code } = parseArgs(process.argv.slice(2));
  let plan;
  try {
    plan = planScaffold({
      projectDir,
      route,
      from,
      now: new Date(),
      ...(title ? { title } : {}),
      ...(code ? { code } : {}),
    });
  } catch (error) {
    if (error instanceof ScaffoldError) fail(error.message);
    throw error;
  }
  const written: string[] = [];
  for (const page of plan.pages) {
    written.push(write(page));
    console.log(`wrote ${page.path}`);
  }
  for (const activity of plan.activities) {
    written.push(write(activity));
    const source = [...plan.codes].find(([, code]) => activity.path.endsWith(`/${code}.json`))?.[0];
    const prizes = source ? [...(plan.prizes.get(source) ?? [])] : [];
    console.log(
      `wrote ${activity.path} (a copy of activity "${source}"${prizes.length > 0 ? `, prizes ${prizes.map(([a, b]) => `${a} → ${b}`).join(', ')}` : ''}: edit its prizes, tasks and window)`,
    );
  }
  const check = spawnSync(
    process.execPath,
    [
      join(root, 'scripts/validate-cli.mjs'),
      '--campaigns',
      join(projectDir, 'campaigns'),
      ...written,
    ],
    // Files named from the project folder, wherever the command was typed.
    { stdio: 'inherit', cwd: projectDir, env: { ...process.env, INIT_CWD: projectDir } },
  );
  if (check.status !== 0) {
    fail(
      `the new pages do not validate: see above. They are written: fix them, or delete them and copy a family whose pages link to each other from its page (--from <route>)`,
      1,
    );
  }
  console.log(`\nnext: edit campaigns/${route}.json, then preview it at /mp/activity/${route}`);
}

// Run as a command, not when a test imports it.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
