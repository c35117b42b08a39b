/**
 * npm run new -- <route> --from <route|_templates/name> [--title 标题] [--code activity-code]
 *
 * Scaffolds a campaign page that validates and works at once (issue 11): the page's document in
 * campaigns/ and its own activity in server/activities/ (a copy of the source's activity under a
 * new code, id and window, so draws, tasks and prizes of the new page never touch the source's).
 * From a template the page is a few lines that `extends` it; from a route it is a copy of that
 * page. Prints what to edit next. Refuses to overwrite anything.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = fileURLToPath(new URL('..', import.meta.url));
// Another project folder (tests scaffold into a copy): its campaigns/ and server/activities/.
const projectDir = process.env.CAMPAIGN_PROJECT_DIR ?? root;
const campaignsDir = join(projectDir, 'campaigns');
const activitiesDir = join(projectDir, 'server/activities');
const ROUTE = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\/[A-Za-z0-9][A-Za-z0-9_-]*)*$/;
const CODE = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** A new activity runs from today for this long (operators set the real dates). */
const DEFAULT_DAYS = 90;

const USAGE = `usage: npm run new -- <route> --from <route|_templates/name> [--title 标题] [--code activity-code]

  <route>   the new page's path under /mp/activity/, e.g. tongchengApr or springSale/rules
  --from    an existing route (its page is copied) or a template under campaigns/_templates/
            (the new page extends it)
  --title   the page's title (default: the source's)
  --code    the new activity's code (default: from the route, e.g. tongcheng-apr)`;

type Json = Record<string, unknown>;

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

function readJson(file: string): Json {
  return JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as Json;
}

/** The document file of a route or template, as the router resolves it. */
function sourceFile(from: string): { file: string; template: boolean } {
  const candidates = [join(campaignsDir, `${from}.json`), join(campaignsDir, from, 'index.json')];
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file)
    fail(
      `--from ${from}: no such page or template in campaigns/ (${candidates.map((c) => relative(projectDir, c)).join(' or ')})`,
    );
  return { file, template: from.startsWith('_templates/') };
}

/** The activity a document names, following `extends` up to the template that names it. */
function activityCodeOf(file: string): string | null {
  const doc = readJson(file);
  const code = (doc.activity as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  if (typeof doc.extends === 'string') {
    const parent = sourceFile(doc.extends.replace(/\.json$/, ''));
    return activityCodeOf(parent.file);
  }
  return null;
}

function activities(): Map<string, { file: string; config: Json }> {
  const found = new Map<string, { file: string; config: Json }>();
  for (const name of readdirSync(activitiesDir)) {
    if (!name.endsWith('.json')) continue;
    const file = join(activitiesDir, name);
    const config = readJson(file);
    if (typeof config.activityCode === 'string') found.set(config.activityCode, { file, config });
  }
  return found;
}

/** An activity code from a route: tongchengApr → tongcheng-apr, spring/rules → spring-rules. */
export function codeFromRoute(route: string): string {
  return route
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[/_]+/g, '-')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 64);
}

/** Midnight in China (the spec's times are UTC+8) on the day `date` falls in there. */
function chinaDay(date: Date, plusDays = 0): string {
  const china = new Date(date.getTime() + 8 * 3600_000 + plusDays * 86_400_000);
  return china.toISOString().slice(0, 10);
}

function main(): void {
  const { route, from, title, code: wantedCode } = parseArgs(process.argv.slice(2));
  const target = join(campaignsDir, `${route}.json`);
  if (existsSync(target) || existsSync(join(campaignsDir, route, 'index.json'))) {
    fail(`campaigns/${route}.json already exists: pick another route`);
  }
  const source = sourceFile(from);
  const sourceDoc = readJson(source.file);
  const known = activities();
  const sourceCode = activityCodeOf(source.file);
  const sourceActivity = sourceCode ? known.get(sourceCode) : undefined;
  if (sourceCode && !sourceActivity) {
    fail(`--from ${from} names activity "${sourceCode}", which has no file in server/activities/`);
  }

  let code: string | undefined;
  if (sourceActivity) {
    code = wantedCode ?? codeFromRoute(route);
    if (!CODE.test(code))
      fail(`activity code "${code}": lower-case letters, digits and -, at most 64`);
    if (known.has(code)) fail(`activity "${code}" exists already: pass --code with another one`);
  }

  const depth = route.split('/').length;
  const schemas = `${'../'.repeat(depth)}schemas`;
  const pageTitle = title ?? (typeof sourceDoc.title === 'string' ? sourceDoc.title : route);
  const doc: Json = source.template
    ? {
        $schema: `${schemas}/campaign-override.schema.json`,
        version: sourceDoc.version ?? 2,
        extends: from,
        title: pageTitle,
        ...(code ? { activity: { code } } : {}),
      }
    : {
        ...sourceDoc,
        $schema: `${schemas}/${typeof sourceDoc.extends === 'string' ? 'campaign-override' : 'campaign'}.schema.json`,
        title: pageTitle,
        ...(code ? { activity: { ...(sourceDoc.activity as Json | undefined), code } } : {}),
      };

  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(doc, null, 2)}\n`, { flag: 'wx' });
  console.log(`wrote campaigns/${route}.json`);

  if (sourceActivity && code) {
    const ids = [...known.values()].map(({ config }) => Number(config.id)).filter(Number.isFinite);
    const now = new Date();
    const activity: Json = {
      ...sourceActivity.config,
      id: Math.max(0, ...ids) + 1,
      activityCode: code,
      configActivityCode: code,
      title: pageTitle,
      window: {
        start: `${chinaDay(now)}T00:00:00+08:00`,
        end: `${chinaDay(now, DEFAULT_DAYS)}T23:59:59+08:00`,
      },
    };
    const activityFile = join(activitiesDir, `${code}.json`);
    writeFileSync(activityFile, `${JSON.stringify(activity, null, 2)}\n`, { flag: 'wx' });
    console.log(
      `wrote ${relative(projectDir, activityFile)} (a copy of ${relative(projectDir, sourceActivity.file)}: edit its prizes, tasks and window)`,
    );
  }

  const check = spawnSync(
    process.execPath,
    [join(root, 'scripts/validate-cli.mjs'), '--campaigns', campaignsDir, target],
    { stdio: 'inherit' },
  );
  if (check.status !== 0) fail('the new page does not validate: see above', 1);
  console.log(`\nnext: edit campaigns/${route}.json, then preview it at /mp/activity/${route}`);
}

// Run as a command, not when a test imports codeFromRoute.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
