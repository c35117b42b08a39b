import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileToRoute } from '../contracts/site/route-table';
import {
  compileCampaign,
  type CampaignRead,
  type CompileContext,
  type CompileResult,
} from './compile-campaign';
import type { Diagnostic } from './diagnostic';
import { openActivityProject, type ActivityProject } from './activity-project';

export interface CampaignFile {
  /** Relative to campaigns/, with forward slashes. */
  relativePath: string;
  /** null for templates (files or folders starting with "_"). */
  route: string | null;
}

/** Something under campaigns/ that is not a readable page: reported, never thrown. */
export interface ScanProblem {
  /** Relative to campaigns/, with forward slashes. */
  relativePath: string;
  message: string;
  code: 'broken-link' | 'link-loop' | 'unreadable' | 'not-json';
  severity: 'error' | 'warning';
}

export interface CampaignScan {
  files: CampaignFile[];
  problems: ScanProblem[];
}

/** Extensions an operator might give a page by mistake; other files (images, notes) are ignored. */
const PAGE_LIKE_EXTENSIONS = /\.(json5|jsonc|jsn|txt|js|yaml|yml)$/i;

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? '';
}

/**
 * Every .json file under campaigns/, sorted, with its route, plus what could not be read: a
 * symbolic link that leads nowhere or in a circle, a folder that cannot be listed, a page saved
 * with another extension. Never throws for the contents of the folder.
 */
export function scanCampaigns(campaignsDir: string): CampaignScan {
  const files: CampaignFile[] = [];
  const problems: ScanProblem[] = [];
  const toRelative = (full: string) => relative(campaignsDir, full).split(sep).join('/');
  const visited = new Set<string>();
  const walk = (dir: string) => {
    let real: string;
    let names: string[];
    try {
      real = realpathSync(dir);
      names = readdirSync(dir).sort();
    } catch (error) {
      if (dir !== campaignsDir || errorCode(error) !== 'ENOENT') {
        problems.push({
          relativePath: toRelative(dir) || '.',
          message: `cannot read this folder (${errorCode(error) || String(error)}): check its permissions`,
          code: 'unreadable',
          severity: 'error',
        });
      }
      return;
    }
    if (visited.has(real)) {
      problems.push({
        relativePath: toRelative(dir),
        message:
          'this folder is a symbolic link back to a folder already read (a loop): remove the link',
        code: 'link-loop',
        severity: 'error',
      });
      return;
    }
    visited.add(real);
    for (const name of names) {
      const full = join(dir, name);
      let stat;
      try {
        stat = statSync(full);
      } catch (error) {
        let target = '';
        try {
          if (lstatSync(full).isSymbolicLink()) target = readlinkSync(full);
        } catch {
          // Vanished while reading: report what stat said.
        }
        problems.push({
          relativePath: toRelative(full),
          message: target
            ? `symbolic link to "${target}", which does not exist: fix the link or delete it`
            : `cannot be read (${errorCode(error) || String(error)}): check the file`,
          code: target ? 'broken-link' : 'unreadable',
          severity: 'error',
        });
        continue;
      }
      if (stat.isDirectory()) walk(full);
      else if (name.endsWith('.json')) {
        const relativePath = toRelative(full);
        files.push({ relativePath, route: fileToRoute(relativePath) });
      } else if (PAGE_LIKE_EXTENSIONS.test(name) && !name.startsWith('.')) {
        problems.push({
          relativePath: toRelative(full),
          message:
            'not a page: only .json files in campaigns/ are pages (plain JSON: no comments, no JSON5); rename it to .json or move it out',
          code: 'not-json',
          severity: 'warning',
        });
      }
    }
  };
  walk(campaignsDir);
  return { files, problems };
}

/** Every readable .json file under campaigns/, sorted, with its route. */
export function listCampaignFiles(campaignsDir: string): CampaignFile[] {
  return scanCampaigns(campaignsDir).files;
}

/** Two files that serve one route (contract.json and contract/index.json) are an error. */
export function findRouteCollisions(
  files: CampaignFile[],
  displayName: (p: string) => string,
): Diagnostic[] {
  const byRoute = new Map<string, string[]>();
  for (const file of files) {
    if (file.route === null) continue;
    const list = byRoute.get(file.route) ?? [];
    list.push(file.relativePath);
    byRoute.set(file.route, list);
  }
  const diagnostics: Diagnostic[] = [];
  for (const [route, paths] of byRoute) {
    if (paths.length < 2) continue;
    for (const path of paths.slice(1)) {
      diagnostics.push({
        file: displayName(path),
        line: 1,
        column: 1,
        path: '',
        message: `route "${route}" is also served by ${displayName(paths[0] ?? '')}: rename or remove one`,
        code: 'route-collision',
      });
    }
  }
  return diagnostics;
}

export type ProjectContextBase = Omit<
  CompileContext,
  'readCampaign' | 'displayName' | 'routes' | 'activities'
>;

export interface CampaignProject {
  campaignsDir: string;
  files: CampaignFile[];
  /** What the scan of campaigns/ could not read (broken links, loops, non-JSON pages). */
  problems: ScanProblem[];
  context: CompileContext;
  compile(relativePath: string): CompileResult;
  /** server/activities/ beside campaigns/ (or the folder given), when it exists. */
  activities?: ActivityProject;
}

export interface ActivitiesOption {
  /** The activities folder; default: server/activities/ beside campaigns/. */
  dir?: string;
  /** How its files are named in messages; default: derived from the campaigns prefix. */
  displayPrefix?: string;
}

/** Reads one file under campaigns/ as bytes, saying why when it cannot. */
export function readCampaignFile(campaignsDir: string, relativePath: string): CampaignRead {
  const full = join(campaignsDir, relativePath);
  if (relative(campaignsDir, full).startsWith('..')) return { missing: 'outside' };
  try {
    const stat = statSync(full);
    if (stat.isDirectory()) return { missing: 'directory' };
    return { bytes: readFileSync(full) };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      try {
        if (lstatSync(full).isSymbolicLink())
          return { missing: 'broken-link', detail: readlinkSync(full) };
      } catch {
        // Not there at all.
      }
      return { missing: 'not-found' };
    }
    return { missing: 'unreadable', detail: errorCode(error) || String(error) };
  }
}

/**
 * The generated JSON Schemas (npm run generate) relative to campaigns/, when the project has
 * them beside campaigns/: what each file's `$schema` must lead to.
 */
function generatedSchemaRefs(campaignsDir: string): CompileContext['schemaRefs'] {
  const schemasDir = join(campaignsDir, '..', 'schemas');
  const full = join(schemasDir, 'campaign.schema.json');
  const override = join(schemasDir, 'campaign-override.schema.json');
  if (!existsSync(full) || !existsSync(override)) return undefined;
  const ref = (file: string) => relative(campaignsDir, file).split(sep).join('/');
  return { full: ref(full), override: ref(override) };
}

/** Reads campaigns/ from disk and prepares a compile context for its files. */
export function openCampaignProject(
  campaignsDir: string,
  base: ProjectContextBase,
  displayPrefix = 'campaigns/',
  activitiesOption: ActivitiesOption = {},
): CampaignProject {
  const { files, problems } = scanCampaigns(campaignsDir);
  const routes = new Set(files.flatMap((file) => (file.route === null ? [] : [file.route])));
  const schemaRefs = generatedSchemaRefs(campaignsDir);
  const activitiesDir = activitiesOption.dir ?? join(campaignsDir, '..', 'server', 'activities');
  // A campaigns folder without activities beside it (a test fixture, a copy for a benchmark)
  // is checked without them rather than failing every page.
  const activities = existsSync(activitiesDir)
    ? openActivityProject(
        activitiesDir,
        activitiesOption.displayPrefix ??
          `${posix.join(posix.dirname(displayPrefix.replace(/\/$/, '') || '.'), 'server/activities')}/`,
        join(campaignsDir, '..', 'schemas', 'activity.schema.json'),
      )
    : undefined;
  const context: CompileContext = {
    ...base,
    ...(schemaRefs ? { schemaRefs } : {}),
    ...(activities ? { activities } : {}),
    knownFiles: files.map((file) => file.relativePath),
    routes,
    publicDir: join(campaignsDir, '..', 'public'),
    displayName: (relativePath) => `${displayPrefix}${relativePath}`,
    readCampaign: (relativePath) => readCampaignFile(campaignsDir, relativePath),
  };
  return {
    campaignsDir,
    files,
    problems,
    context,
    ...(activities ? { activities } : {}),
    compile(relativePath) {
      const route = fileToRoute(relativePath) ?? `/_template/${relativePath}`;
      return compileCampaign(relativePath, route, context);
    },
  };
}
