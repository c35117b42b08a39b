import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { applyFixes } from './apply-fixes';
import { projectContextBase } from './campaign-context';
import { openCampaignProject } from './campaign-project';
import { formatDiagnostic, isError } from './diagnostic';
import { formatReport, REPORT_FORMATS, summaryLine, type ReportFormat } from './report-formats';
import { suggest } from './suggest';
import { validateCampaigns, type ValidationReport } from './validate-campaigns';

export const USAGE = `Usage: npm run -s validate -- [options] [file-or-folder ...]

Checks campaign documents under campaigns/ and activities under server/activities/ (all of
them, route collisions included, when no file or folder is given; a page's activity is checked
with the page). Prints one line per problem: file:line:column  path  message.

Options:
  --format <text|json|junit|github|sarif>  report format (default: text)
                    json    { ok, files, ms, errors: [...], warnings: [...] }
                    junit   one test case per file, for CI test reports
                    github  GitHub Actions annotations on the files' lines
                    sarif   SARIF 2.1.0, for code-scanning tools
  --output <file>   write the report to <file>; the problems are still printed as text
  --fix             apply safe, mechanical fixes (wrong "$schema" paths, byte-order marks),
                    then check again
  --campaigns <dir> the campaigns folder (default: campaigns/ of this project)
  --activities <dir> the activities folder (default: server/activities/ beside campaigns/)
  -h, --help        show this help

Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage or internal error.
Use "npm run -s" (silent) so that npm prints nothing before a json, junit or sarif report: through
plain "npm run", npm's banner comes first on stdout, so such a report piped or redirected is
refused (exit 2) rather than written unreadable.`;

/** The formats a program reads: npm's banner in front of them makes them unreadable. */
const MACHINE_FORMATS: ReadonlySet<ReportFormat> = new Set(['json', 'junit', 'sarif']);

/**
 * True when npm printed its run banner ("> pkg@version validate") on this process's stdout: npm
 * ran the `validate` script (npm run / npm run-script) and was neither silent nor in JSON mode.
 * npm (11) hides the banner only at loglevel silent (`npm run -s`) and moves it to stderr only
 * with `json=true`; no other setting touches it, and it is written before this process starts.
 * A project .npmrc cannot fix it either: `loglevel=silent` hides npm's own errors, and with
 * `json=true` npm adds its own error object to stdout whenever the report exits 1 (docs/authoring.md).
 */
export function npmBannerOnStdout(env: Readonly<Record<string, string | undefined>>): boolean {
  return (
    env.npm_lifecycle_event === 'validate' &&
    (env.npm_command === 'run' || env.npm_command === 'run-script') &&
    env.npm_config_loglevel !== 'silent' &&
    env.npm_config_json !== 'true'
  );
}

export interface CliIo {
  /** The project root: campaigns/ is found there by default. */
  root: string;
  /** Where relative paths typed by the user start. */
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  writeFile: (path: string, content: string) => void;
  now?: () => number;
  /** Opens the project (tests replace it to simulate a validator bug). */
  openProject?: typeof openCampaignProject;
  /**
   * npm's banner is already on stdout (npmBannerOnStdout) and a program reads it (a pipe or a
   * file, not a terminal): a json, junit or sarif report there would not parse.
   */
  stdoutHasNpmBanner?: boolean;
}

interface Options {
  format: ReportFormat;
  output?: string;
  fix: boolean;
  campaigns?: string;
  activities?: string;
  help: boolean;
  paths: string[];
}

class UsageError extends Error {}

const FLAGS = ['--format', '--output', '--fix', '--campaigns', '--activities', '--help'];

export function parseArguments(argv: readonly string[]): Options {
  const options: Options = { format: 'text', fix: false, help: false, paths: [] };
  const valueOf = (flag: string, inline: string | undefined, index: number): string => {
    const value = inline ?? argv[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith('-')))
      throw new UsageError(`${flag} needs a value`);
    return value;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--') {
      options.paths.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      options.paths.push(arg);
      continue;
    }
    const [name = arg, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s) : [arg];
    const consumed = inline === undefined ? 1 : 0;
    switch (name) {
      case '-h':
      case '--help':
        options.help = true;
        break;
      case '-f':
      case '--format': {
        const value = valueOf(name, inline, i);
        if (!(REPORT_FORMATS as readonly string[]).includes(value)) {
          const close = suggest(value, REPORT_FORMATS);
          throw new UsageError(
            `unknown format "${value}"${close ? `; did you mean "${close}"?` : ''}: use ${REPORT_FORMATS.join(', ')}`,
          );
        }
        options.format = value as ReportFormat;
        i += consumed;
        break;
      }
      case '-o':
      case '--output':
        options.output = valueOf(name, inline, i);
        i += consumed;
        break;
      case '--campaigns':
        options.campaigns = valueOf(name, inline, i);
        i += consumed;
        break;
      case '--activities':
        options.activities = valueOf(name, inline, i);
        i += consumed;
        break;
      case '--fix':
        options.fix = true;
        break;
      default: {
        const close = suggest(name, FLAGS);
        throw new UsageError(
          `unknown option "${name}"${close ? `; did you mean "${close}"?` : ''}`,
        );
      }
    }
  }
  return options;
}

/** Runs the validator CLI; returns the exit status (0 valid, 1 invalid, 2 usage or internal). */
export function runValidateCli(argv: readonly string[], io: CliIo): number {
  let options: Options;
  try {
    options = parseArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`validate: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (
    io.stdoutHasNpmBanner &&
    options.output === undefined &&
    MACHINE_FORMATS.has(options.format)
  ) {
    io.stderr(
      `validate: npm printed its "> … validate" banner on stdout, in front of where the ` +
        `${options.format} report would go, so a program could not read it. Run npm silently: ` +
        `npm run -s validate -- --format ${options.format}; or write the report to a file: ` +
        `npm run validate -- --format ${options.format} --output report.${options.format === 'junit' ? 'xml' : options.format}\n`,
    );
    return 2;
  }
  const now = io.now ?? (() => performance.now());
  const campaignsDir = options.campaigns
    ? resolve(io.cwd, options.campaigns)
    : join(io.root, 'campaigns');
  const activitiesDir = options.activities
    ? resolve(io.cwd, options.activities)
    : join(campaignsDir, '..', 'server', 'activities');
  // Files are named from the project root (campaigns/luckDraw.json), as CI annotations need;
  // a folder elsewhere, from where the command runs.
  const prefixOf = (dir: string) => {
    const fromRoot = relative(io.root, dir);
    const prefix = (
      fromRoot.startsWith('..') || isAbsolute(fromRoot) ? relative(io.cwd, dir) : fromRoot
    )
      .split(sep)
      .join('/');
    return prefix === '' ? '' : `${prefix}/`;
  };
  const displayPrefix = prefixOf(campaignsDir);
  const activitiesPrefix = prefixOf(activitiesDir);

  const check = (): { report: ValidationReport; ms: number } => {
    const started = now();
    const open = io.openProject ?? openCampaignProject;
    const project = open(campaignsDir, projectContextBase, displayPrefix, {
      dir: activitiesDir,
      displayPrefix: activitiesPrefix,
    });
    const report = validateCampaigns(project, options.paths, { cwd: io.cwd });
    return { report, ms: now() - started };
  };

  let report: ValidationReport;
  let ms: number;
  try {
    ({ report, ms } = check());
  } catch (error) {
    // Still a well-formed report (valid JSON, SARIF…) on stdout, and exit 2, not 1.
    report = {
      files: 0,
      checked: [],
      diagnostics: [
        {
          file: displayPrefix || '.',
          line: 1,
          column: 1,
          path: '',
          message: `internal error of the validator: ${error instanceof Error ? error.message : String(error)}; please report it`,
          code: 'internal',
        },
      ],
    };
    ms = 0;
    io.stderr(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  if (options.fix && report.files > 0) {
    const applied = applyFixes(report.diagnostics, (file) =>
      file.startsWith(activitiesPrefix) && activitiesPrefix !== ''
        ? join(activitiesDir, file.slice(activitiesPrefix.length))
        : file.startsWith(displayPrefix)
          ? join(campaignsDir, file.slice(displayPrefix.length))
          : undefined,
    );
    for (const fix of applied) io.stderr(`fixed ${fix.file}: ${fix.descriptions.join('; ')}\n`);
    if (applied.length === 0) io.stderr('nothing to fix\n');
    else ({ report, ms } = check());
  }

  const formatted = formatReport(options.format, report, { ms });
  if (options.output !== undefined) {
    try {
      io.writeFile(resolve(io.cwd, options.output), formatted);
    } catch (error) {
      io.stderr(
        `validate: cannot write ${options.output} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check that its folder exists\n`,
      );
      return 2;
    }
    // The CI log still shows the problems.
    for (const d of report.diagnostics) io.stdout(`${formatDiagnostic(d)}\n`);
    io.stdout(`${summaryLine(report, { ms })}; ${options.format} report in ${options.output}\n`);
  } else io.stdout(formatted);

  if (report.diagnostics.some((d) => d.code === 'internal')) return 2;
  return report.diagnostics.some(isError) ? 1 : 0;
}
