import type { Diagnostic } from './diagnostic';
import { formatDiagnostic, isError, severityOf } from './diagnostic';
import type { ValidationReport } from './validate-campaigns';

export const REPORT_FORMATS = ['text', 'json', 'junit', 'github', 'sarif'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const TOOL_NAME = 'campaign-validator';

/** Every diagnostic code, with what it checks (SARIF rules, docs/authoring.md). */
export const RULES: Record<string, string> = {
  json: 'The file is valid JSON (no comments, no trailing commas, double quotes).',
  empty: 'The file is not empty.',
  encoding: 'The file is UTF-8.',
  bom: 'The file has no byte-order mark.',
  'duplicate-key': 'No key appears twice in one object.',
  'too-deep': 'Nesting stays within the limits.',
  version: 'The document format version is known.',
  schema: 'Values have the form the widget or action expects.',
  'unknown-widget': 'Widget types exist.',
  'unknown-action': 'Action types exist.',
  'unknown-property': 'Properties exist on the widget, action or setting.',
  'duplicate-id': 'Node and dialog ids are unique.',
  'unknown-dialog': 'Dialogs that actions open exist.',
  'unknown-node': 'Nodes that actions scroll to exist.',
  'unknown-api': 'API calls exist in the catalogue.',
  'unknown-route': 'Internal links lead to a page.',
  'missing-template': 'The template named by "extends" exists.',
  'extends-cycle': 'Templates do not extend each other in a circle.',
  'route-collision': 'Each route is served by one file.',
  binding: 'Bindings read a scope that exists.',
  date: 'Dates exist on the calendar.',
  'date-range': 'Date ranges end after they start.',
  'schema-path': '"$schema" leads to the right generated schema.',
  'not-campaign': 'Files checked are under campaigns/.',
  'not-found': 'Files named on the command line exist.',
  'not-json': 'Pages are .json files.',
  'no-files': 'A folder named on the command line holds pages.',
  'broken-link': 'Symbolic links lead to a file.',
  'link-loop': 'Symbolic links do not loop.',
  unreadable: 'Files and folders can be read.',
  directory: 'A page is a file, not a folder.',
  outside: 'Templates live under campaigns/.',
  internal: 'The validator itself did not fail.',
};

export interface ReportMeta {
  /** Wall time of the validation, ms. */
  ms: number;
}

function counts(report: ValidationReport) {
  const errors = report.diagnostics.filter(isError);
  return { errors, warnings: report.diagnostics.filter((d) => !isError(d)) };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function summaryLine(report: ValidationReport, meta: ReportMeta): string {
  const { errors, warnings } = counts(report);
  return `${plural(report.files, 'file')} checked in ${Math.round(meta.ms)} ms: ${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`;
}

function text(report: ValidationReport, meta: ReportMeta): string {
  const lines = report.diagnostics.map(formatDiagnostic);
  const summary = summaryLine(report, meta);
  return lines.length > 0 ? `${lines.join('\n')}\n\n${summary}\n` : `${summary}\n`;
}

function jsonDiagnostic(d: Diagnostic) {
  return {
    file: d.file,
    line: d.line,
    column: d.column,
    path: d.path,
    message: d.message,
    code: d.code,
    severity: severityOf(d),
    ...(d.fix ? { fixable: true } : {}),
  };
}

/** `{ ok, files, ms, errors: [...], warnings: [...] }`; every entry carries its severity. */
function json(report: ValidationReport, meta: ReportMeta): string {
  const { errors, warnings } = counts(report);
  return `${JSON.stringify(
    {
      ok: errors.length === 0,
      files: report.files,
      ms: Math.round(meta.ms),
      errors: errors.map(jsonDiagnostic),
      warnings: warnings.map(jsonDiagnostic),
    },
    null,
    2,
  )}\n`;
}

function xml(value: string): string {
  return (
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // Characters XML 1.0 cannot carry at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

/** One test case per file checked (and per other file a problem names); errors are failures. */
function junit(report: ValidationReport, meta: ReportMeta): string {
  const byFile = new Map<string, Diagnostic[]>(report.checked.map((file) => [file, []]));
  for (const d of report.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const failing = [...byFile.values()].filter((list) => list.some(isError)).length;
  const cases = [...byFile].map(([file, list]) => {
    const fileErrors = list.filter(isError);
    const warnings = list.filter((d) => !isError(d));
    const body: string[] = [];
    if (fileErrors.length > 0) {
      const first = fileErrors[0]!;
      body.push(
        `      <failure type="${xml(first.code)}" message="${xml(`${plural(fileErrors.length, 'error')}: ${first.message}`)}">${xml(fileErrors.map(formatDiagnostic).join('\n'))}</failure>`,
      );
    }
    if (warnings.length > 0)
      body.push(`      <system-out>${xml(warnings.map(formatDiagnostic).join('\n'))}</system-out>`);
    const open = `    <testcase classname="campaigns" name="${xml(file)}" file="${xml(file)}" time="0"`;
    return body.length > 0 ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`;
  });
  const seconds = (meta.ms / 1000).toFixed(3);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${TOOL_NAME}" tests="${byFile.size}" failures="${failing}" errors="0" time="${seconds}">`,
    `  <testsuite name="campaign documents" tests="${byFile.size}" failures="${failing}" errors="0" skipped="0" time="${seconds}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** GitHub Actions workflow commands: each problem becomes an annotation on the file's line. */
function github(report: ValidationReport, meta: ReportMeta): string {
  const data = (value: string) =>
    value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (value: string) => data(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const lines = report.diagnostics.map((d) => {
    const title = d.path ? `${d.code} at ${d.path}` : d.code;
    return `::${isError(d) ? 'error' : 'warning'} file=${property(d.file)},line=${d.line},col=${d.column},title=${property(title)}::${data(d.message)}`;
  });
  return `${[...lines, summaryLine(report, meta)].join('\n')}\n`;
}

/** SARIF 2.1.0, the format code-scanning tools (GitHub code scanning, IDE viewers) read. */
function sarif(report: ValidationReport): string {
  const rules = [...new Set(report.diagnostics.map((d) => d.code))].sort();
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            rules: rules.map((id) => ({
              id,
              name: id.replace(/(^|-)(\w)/g, (_m, _dash: string, c: string) => c.toUpperCase()),
              shortDescription: { text: RULES[id] ?? `campaign document check "${id}"` },
              help: { text: 'See docs/authoring.md, section "Check it".' },
            })),
          },
        },
        results: report.diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: rules.indexOf(d.code),
          level: isError(d) ? 'error' : 'warning',
          message: { text: d.path ? `${d.path}: ${d.message}` : d.message },
          locations: [
            {
              physicalLocation: {
                // Relative to the repository root, where CI runs the validator.
                artifactLocation: { uri: encodeURI(d.file) },
                region: { startLine: d.line, startColumn: d.column },
              },
              ...(d.path ? { logicalLocations: [{ fullyQualifiedName: d.path }] } : {}),
            },
          ],
        })),
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

export function formatReport(
  format: ReportFormat,
  report: ValidationReport,
  meta: ReportMeta,
): string {
  switch (format) {
    case 'text':
      return text(report, meta);
    case 'json':
      return json(report, meta);
    case 'junit':
      return junit(report, meta);
    case 'github':
      return github(report, meta);
    case 'sarif':
      return sarif(report);
  }
}
