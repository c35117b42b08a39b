import { relative, resolve } from 'node:path';
import type { CampaignProject } from './campaign-project';
import { findRouteCollisions } from './campaign-project';
import type { Diagnostic } from './diagnostic';

export interface ValidationReport {
  files: number;
  diagnostics: Diagnostic[];
}

/**
 * Validates the given files (paths as typed by the user) or, with none, every file of campaigns/,
 * templates included, plus route collisions.
 */
export function validateCampaigns(
  project: CampaignProject,
  requested: readonly string[] = [],
): ValidationReport {
  const diagnostics: Diagnostic[] = [];
  let targets = project.files.map((file) => file.relativePath);
  if (requested.length > 0) {
    targets = [];
    for (const input of requested) {
      const relativePath = relative(project.campaignsDir, resolve(input)).split('\\').join('/');
      if (relativePath.startsWith('..')) {
        diagnostics.push({
          file: input,
          line: 1,
          column: 1,
          path: '',
          message:
            "not a file under campaigns/: a page's route is its path there, so copy it into campaigns/ to check it",
          code: 'not-campaign',
        });
      } else targets.push(relativePath);
    }
  } else {
    diagnostics.push(...findRouteCollisions(project.files, project.context.displayName));
  }
  for (const relativePath of targets) {
    const result = project.compile(relativePath);
    diagnostics.push(...result.diagnostics);
  }
  const unique = new Map(
    diagnostics.map((d) => [`${d.file}:${d.line}:${d.column}:${d.path}:${d.message}`, d]),
  );
  const sorted = [...unique.values()].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
  return { files: targets.length, diagnostics: sorted };
}
