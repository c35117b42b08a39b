import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileToRoute } from '../engine/routes/route-table';
import { compileCampaign, type CompileContext, type CompileResult } from './compile-campaign';
import type { Diagnostic } from './diagnostic';

export interface CampaignFile {
  /** Relative to campaigns/, with forward slashes. */
  relativePath: string;
  /** null for templates (files or folders starting with "_"). */
  route: string | null;
}

/** Every .json file under campaigns/, sorted, with its route. */
export function listCampaignFiles(campaignsDir: string): CampaignFile[] {
  const out: CampaignFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json')) {
        const relativePath = relative(campaignsDir, full).split(sep).join('/');
        out.push({ relativePath, route: fileToRoute(relativePath) });
      }
    }
  };
  if (existsSync(campaignsDir)) walk(campaignsDir);
  return out;
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

export type ProjectContextBase = Omit<CompileContext, 'readCampaign' | 'displayName' | 'routes'>;

export interface CampaignProject {
  campaignsDir: string;
  files: CampaignFile[];
  context: CompileContext;
  compile(relativePath: string): CompileResult;
}

/** Reads campaigns/ from disk and prepares a compile context for its files. */
export function openCampaignProject(
  campaignsDir: string,
  base: ProjectContextBase,
  displayPrefix = 'campaigns/',
): CampaignProject {
  const files = listCampaignFiles(campaignsDir);
  const routes = new Set(files.flatMap((file) => (file.route === null ? [] : [file.route])));
  const context: CompileContext = {
    ...base,
    routes,
    displayName: (relativePath) => `${displayPrefix}${relativePath}`,
    readCampaign: (relativePath) => {
      const full = join(campaignsDir, relativePath);
      if (relative(campaignsDir, full).startsWith('..')) return undefined;
      return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
    },
  };
  return {
    campaignsDir,
    files,
    context,
    compile(relativePath) {
      const route = fileToRoute(relativePath) ?? `/_template/${relativePath}`;
      return compileCampaign(relativePath, route, context);
    },
  };
}
