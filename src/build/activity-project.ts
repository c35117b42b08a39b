import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { activityConfigSchema, type ActivityConfig } from '../contracts/activity-schema';
import { checkActivityRules } from './activity-rules';
import type { Diagnostic } from './diagnostic';
import { formatPath, isError } from './diagnostic';
import { issuesToDiagnostics } from './issues-to-diagnostics';
import { decodeCampaignBytes, JsonSource } from './json-source';
import { checkDateValues } from './semantic-checks';

/**
 * The activities of server/activities/<code>.json as the validator sees them: each file checked
 * with the server's own schema (server/src/config/activity-config.ts) and rules, located like a
 * page's problems, and summarised (ids and window) for the checks of the pages that use it.
 */

/** What a page may name of an activity, from a valid activity file. */
export interface ActivitySummary {
  code: string;
  /** The file as named in messages (server/activities/x.json). */
  file: string;
  window: { start: string; end: string; startMs: number; endMs: number };
  /** prizeId → draw weight (a prize of weight 0 is never drawn). */
  prizes: ReadonlyMap<string, number>;
  tasks: ReadonlySet<string>;
  taskGroups: ReadonlySet<string>;
  coupons: ReadonlySet<string>;
  voteOptions: ReadonlySet<string>;
}

export interface ActivityEntry {
  /** Relative to the activities folder (x.json). */
  relativePath: string;
  file: string;
  diagnostics: Diagnostic[];
  /** Present when the file has no error. */
  summary?: ActivitySummary;
}

export interface ActivityProject {
  dir: string;
  /** Every .json file of the folder, sorted (x.json). */
  files: readonly string[];
  /** Activity codes that have a file (the file name without .json). */
  codes: readonly string[];
  displayName: (relativePath: string) => string;
  /** The activity of a code, checked once per version of its file; undefined when no file. */
  byCode: (code: string) => ActivityEntry | undefined;
  compile: (relativePath: string) => ActivityEntry;
}

function summarise(config: ActivityConfig, file: string): ActivitySummary {
  return {
    code: config.activityCode,
    file,
    window: {
      start: config.window.start,
      end: config.window.end,
      startMs: Date.parse(config.window.start),
      endMs: Date.parse(config.window.end),
    },
    prizes: new Map(config.prizes.map((prize) => [prize.prizeId, prize.weight])),
    tasks: new Set(config.tasks.map((task) => task.taskId)),
    taskGroups: new Set([
      ...config.taskGroups.map((group) => group.groupId),
      ...config.tasks.map((task) => task.groupId),
    ]),
    coupons: new Set(config.coupons.map((coupon) => coupon.couponId)),
    voteOptions: new Set(config.vote.options.map((option) => option.optionId)),
  };
}

/** `$schema` as an editor needs it from server/activities/, when it is not that already. */
function schemaProblem(source: JsonSource, value: unknown, wanted: string): Diagnostic[] {
  if (typeof value !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(value)) return [];
  if (posix.normalize(value) === wanted) return [];
  const node = source.nodeAt(['$schema']);
  return [
    {
      file: source.file,
      ...source.locate(['$schema']),
      path: '$schema',
      message: `"${value}" does not lead to schemas/activity.schema.json from this folder, so editors show no help: use "${wanted}" (npm run validate -- --fix does it)`,
      code: 'schema-path',
      severity: 'warning',
      ...(node
        ? {
            fix: {
              description: `$schema → ${wanted}`,
              edits: [{ offset: node.offset, length: node.length, text: JSON.stringify(wanted) }],
            },
          }
        : {}),
    },
  ];
}

/**
 * Checks one activity file's bytes: UTF-8, JSON syntax and structure, the server's schema and
 * cross-field rules, its file name, the site's images it names. `schemaRef` is what its `$schema` must be, when known.
 */
export function compileActivityBytes(
  relativePath: string,
  file: string,
  bytes: Uint8Array,
  schemaRef?: string,
  /** The site's own files: images it names on this site must be there (asset-checks.ts). */
  publicDir?: string,
): ActivityEntry {
  const diagnostics: Diagnostic[] = [];
  const done = (summary?: ActivitySummary): ActivityEntry => ({
    relativePath,
    file,
    diagnostics,
    ...(summary && !diagnostics.some(isError) ? { summary } : {}),
  });
  const decoded = decodeCampaignBytes(bytes);
  if (!decoded.ok) {
    diagnostics.push({
      file,
      line: decoded.line,
      column: decoded.column,
      path: '',
      message: `not valid UTF-8 (byte ${decoded.byteOffset}): save the file with the encoding "UTF-8"`,
      code: 'encoding',
    });
    return done();
  }
  if (decoded.bom) {
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      path: '',
      message:
        'the file starts with a byte-order mark (BOM): save it as "UTF-8" without BOM (npm run validate -- --fix does it)',
      code: 'bom',
      severity: 'warning',
      fix: { description: 'remove the byte-order mark', edits: [], dropBom: true },
    });
  }
  const source = new JsonSource(file, decoded.text);
  const syntax = source.syntaxDiagnostics();
  if (syntax.length > 0) {
    diagnostics.push(...syntax);
    return done();
  }
  const structure = source.structureDiagnostics();
  diagnostics.push(...structure);
  if (structure.some((d) => d.code === 'too-deep')) return done();
  const value: unknown = JSON.parse(decoded.text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      path: '',
      message:
        'an activity is a JSON object ({ … }); start from a copy of server/activities/tongcheng-feb.json',
      code: 'json',
    });
    return done();
  }
  if (schemaRef !== undefined)
    diagnostics.push(...schemaProblem(source, (value as { $schema?: unknown }).$schema, schemaRef));
  const locate = (path: (string | number)[], key?: string) => ({
    file,
    ...source.locate(path, key),
  });
  const located = (problems: { path: (string | number)[]; message: string; code: string }[]) =>
    problems.map((problem) => ({
      file,
      ...source.locate(problem.path),
      path: formatPath(problem.path),
      message: problem.message,
      code: problem.code,
    }));
  const parsed = activityConfigSchema.safeParse(value);
  // Impossible dates (2026-02-30) pass the schema's date-time pattern; report them either way.
  diagnostics.push(...located(checkDateValues(value, publicDir)));
  if (!parsed.success) {
    diagnostics.push(
      ...issuesToDiagnostics(parsed.error.issues, {
        schema: activityConfigSchema,
        data: value,
        widgetTypes: [],
        actionTypes: [],
        locate,
      }),
    );
    return done();
  }
  diagnostics.push(...located(checkActivityRules(parsed.data, relativePath)));
  return done(summarise(parsed.data, file));
}

/**
 * The activities folder (server/activities/ beside campaigns/ by default). Files are read and
 * checked when first asked for and again only when their size or modification time changed, so
 * 200 pages naming one activity check it once, and a long-lived build sees edits.
 */
export function openActivityProject(
  dir: string,
  displayPrefix: string,
  schemaFile?: string,
): ActivityProject {
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];
  const codes = files.map((name) => name.slice(0, -'.json'.length));
  const schemaRef =
    schemaFile && existsSync(schemaFile)
      ? relative(dir, schemaFile).split(sep).join('/')
      : undefined;
  const displayName = (relativePath: string) => `${displayPrefix}${relativePath}`;
  const cache = new Map<string, { stamp: string; entry: ActivityEntry }>();
  const compile = (relativePath: string): ActivityEntry => {
    const full = join(dir, relativePath);
    const file = displayName(relativePath);
    let stamp: string;
    try {
      const stat = statSync(full);
      if (stat.isDirectory())
        return {
          relativePath,
          file,
          diagnostics: [
            {
              file,
              line: 1,
              column: 1,
              path: '',
              message: 'a folder, not an activity file',
              code: 'directory',
            },
          ],
        };
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch (error) {
      return {
        relativePath,
        file,
        diagnostics: [
          {
            file,
            line: 1,
            column: 1,
            path: '',
            message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
            code: 'unreadable',
          },
        ],
      };
    }
    const cached = cache.get(relativePath);
    if (cached?.stamp === stamp) return cached.entry;
    const entry = compileActivityBytes(
      relativePath,
      file,
      readFileSync(full),
      schemaRef,
      join(dir, '..', '..', 'public'),
    );
    cache.set(relativePath, { stamp, entry });
    return entry;
  };
  return {
    dir,
    files,
    codes,
    displayName,
    compile,
    byCode: (code) => (codes.includes(code) ? compile(`${code}.json`) : undefined),
  };
}
