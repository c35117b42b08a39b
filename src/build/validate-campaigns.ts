import { lstatSync, statSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import type { CampaignProject, ScanProblem } from './campaign-project';
import { findRouteCollisions } from './campaign-project';
import type { Diagnostic } from './diagnostic';
import { isError } from './diagnostic';
import { suggest } from './suggest';

export interface ValidationReport {
  /** How many files were checked. */
  files: number;
  /** The files checked, as named in messages (for reports with one entry per file). */
  checked: string[];
  /** Errors and warnings, sorted by file, line and column. */
  diagnostics: Diagnostic[];
}

export interface ValidateOptions {
  /** Where relative paths typed by the user start (default: process.cwd()). */
  cwd?: string;
}

function problemDiagnostic(problem: ScanProblem, project: CampaignProject): Diagnostic {
  return {
    file: project.context.displayName(problem.relativePath),
    line: 1,
    column: 1,
    path: '',
    message: problem.message,
    code: problem.code,
    ...(problem.severity === 'warning' ? { severity: 'warning' as const } : {}),
  };
}

function at(file: string, message: string, code: string): Diagnostic {
  return { file, line: 1, column: 1, path: '', message, code };
}

/**
 * Validates the given files or folders (paths as typed by the user) or, with none, every file of
 * campaigns/, templates included, plus route collisions and what campaigns/ holds that cannot be
 * read. Never throws for a file's content: a validator bug on one file is reported on that file
 * (code "internal") and the others are still checked.
 */
export function validateCampaigns(
  project: CampaignProject,
  requested: readonly string[] = [],
  options: ValidateOptions = {},
): ValidationReport {
  const cwd = options.cwd ?? process.cwd();
  const { campaignsDir } = project;
  const display = project.context.displayName;
  const diagnostics: Diagnostic[] = [];
  const targets = new Set<string>();
  const wholeFolders: string[] = [];
  /** "; did you mean campaigns/x.json?" for a path typed wrong. */
  const closeFile = (input: string): string => {
    const known = project.files.map((file) => display(file.relativePath));
    const name = basename(input);
    const sameName = known.filter((file) => basename(file) === name);
    let close = sameName.length === 1 ? sameName[0] : undefined;
    if (!close) {
      // Compare what was typed with each page's path from campaigns/, by their last parts.
      const typed = relative(campaignsDir, resolve(cwd, input)).split(sep).join('/');
      const byPath = new Map(project.files.map((file) => [file.relativePath, file]));
      const hit = suggest(typed, byPath.keys());
      close = hit ? display(hit) : undefined;
    }
    return close ? `; did you mean ${close}?` : '';
  };

  const activities = project.activities;
  /** Activity files to check (x.json, relative to the activities folder). */
  const activityTargets = new Set<string>();
  if (requested.length === 0) {
    wholeFolders.push('');
    for (const file of activities?.files ?? []) activityTargets.add(file);
  }
  for (const input of requested) {
    const full = resolve(cwd, input);
    if (activities) {
      const inActivities = relative(activities.dir, full);
      if (!inActivities.startsWith('..') && !isAbsolute(inActivities)) {
        const problem = requestActivity(inActivities.split(sep).join('/'), full, input, activities);
        if (typeof problem === 'string') activityTargets.add(problem);
        else if (problem) diagnostics.push(problem);
        else for (const file of activities.files) activityTargets.add(file);
        continue;
      }
    }
    const inside = relative(campaignsDir, full);
    const relativePath = inside.split(sep).join('/');
    const outside = relativePath.startsWith('..') || isAbsolute(inside);
    let stat;
    try {
      stat = statSync(full);
    } catch {
      stat = undefined;
    }
    if (outside) {
      diagnostics.push(
        at(
          input,
          stat?.isDirectory()
            ? 'not a folder under campaigns/: give campaigns/ or a folder inside it'
            : stat
              ? "not a file under campaigns/: a page's route is its path there, so copy it into campaigns/ to check it"
              : `no such file: pages are .json files under campaigns/${closeFile(input)}`,
          'not-campaign',
        ),
      );
      continue;
    }
    if (!stat) {
      let isLink = false;
      try {
        isLink = lstatSync(full).isSymbolicLink();
      } catch {
        // Nothing at that path.
      }
      if (isLink) {
        diagnostics.push(
          at(
            display(relativePath),
            'a symbolic link that leads nowhere: fix the link or delete it',
            'broken-link',
          ),
        );
        continue;
      }
      diagnostics.push(
        at(
          input,
          `no such file or folder: give a page under campaigns/ (e.g. campaigns/luckDraw.json), a folder of them, or nothing to check all${closeFile(input)}`,
          'not-found',
        ),
      );
      continue;
    }
    if (stat.isDirectory()) {
      wholeFolders.push(relativePath);
      continue;
    }
    if (!relativePath.endsWith('.json')) {
      diagnostics.push(
        at(
          display(relativePath),
          'not a .json file: campaign documents are plain JSON files named <route>.json (no comments, no JSON5); rename it',
          'not-json',
        ),
      );
      continue;
    }
    targets.add(relativePath);
  }

  const inFolder = (relativePath: string, folder: string) =>
    folder === '' || relativePath.startsWith(`${folder}/`);
  for (const folder of wholeFolders) {
    const files = project.files.filter((file) => inFolder(file.relativePath, folder));
    for (const file of files) targets.add(file.relativePath);
    for (const problem of project.problems)
      if (inFolder(problem.relativePath, folder))
        diagnostics.push(problemDiagnostic(problem, project));
    if (
      files.length === 0 &&
      !project.problems.some((p) => inFolder(p.relativePath, folder)) &&
      // A project of activities only (no argument) has nothing missing.
      !(folder === '' && requested.length === 0 && activityTargets.size > 0)
    )
      diagnostics.push(
        at(
          display(folder || '.'),
          'no .json page in this folder: pages are .json files under campaigns/',
          'no-files',
        ),
      );
  }
  // A route collision is reported on the second file; keep it when either file is checked.
  const checkedNames = new Set([...targets].map(display));
  diagnostics.push(
    ...findRouteCollisions(project.files, display).filter(
      (d) => checkedNames.has(d.file) || [...checkedNames].some((name) => d.message.includes(name)),
    ),
  );

  for (const relativePath of targets) {
    try {
      const result = project.compile(relativePath);
      diagnostics.push(...result.diagnostics);
      // A page is only as good as its activity: the activity's own problems show with it.
      for (const code of result.activities ?? []) activityTargets.add(`${code}.json`);
    } catch (error) {
      diagnostics.push(
        at(
          display(relativePath),
          `internal error of the validator (${error instanceof Error ? error.message : String(error)}): the other files were checked; please report this one with the file attached`,
          'internal',
        ),
      );
    }
  }
  const checkedActivities: string[] = [];
  for (const relativePath of [...activityTargets].sort()) {
    if (!activities) break;
    checkedActivities.push(activities.displayName(relativePath));
    try {
      diagnostics.push(...activities.compile(relativePath).diagnostics);
    } catch (error) {
      diagnostics.push(
        at(
          activities.displayName(relativePath),
          `internal error of the validator (${error instanceof Error ? error.message : String(error)}): the other files were checked; please report this one with the file attached`,
          'internal',
        ),
      );
    }
  }
  const unique = new Map(
    diagnostics.map((d) => [`${d.file}:${d.line}:${d.column}:${d.path}:${d.message}`, d]),
  );
  const sorted = [...unique.values()].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      Number(isError(b)) - Number(isError(a)),
  );
  return {
    files: targets.size + checkedActivities.length,
    checked: [...checkedNames, ...checkedActivities].sort(),
    diagnostics: sorted,
  };
}

/**
 * A path typed by the user inside the activities folder: the file to check (x.json), undefined
 * for the folder itself (all of them), or why it cannot be checked.
 */
function requestActivity(
  relativePath: string,
  full: string,
  input: string,
  activities: NonNullable<CampaignProject['activities']>,
): string | Diagnostic | undefined {
  let stat;
  try {
    stat = statSync(full);
  } catch {
    stat = undefined;
  }
  if (stat?.isDirectory()) {
    if (relativePath === '') return undefined;
    return at(
      input,
      'activities are the .json files directly in server/activities/',
      'not-activity',
    );
  }
  if (!relativePath.endsWith('.json') || relativePath.includes('/'))
    return at(
      stat ? activities.displayName(relativePath) : input,
      'not an activity: activities are plain JSON files named server/activities/<activityCode>.json',
      'not-json',
    );
  if (!stat) {
    const close = suggest(relativePath, activities.files);
    return at(
      input,
      `no such activity file${close ? `; did you mean ${activities.displayName(close)}?` : `: the activities are ${activities.files.join(', ')}`}`,
      'not-found',
    );
  }
  return relativePath;
}
