/**
 * npm run validate [files...] [--format json]
 * Validates campaign documents; prints `file:line:column  path  message` per problem.
 * Exit 1 on any error, 0 otherwise.
 */
import { openProject } from '../src/build/campaign-context';
import { formatDiagnostic } from '../src/build/diagnostic';
import { validateCampaigns } from '../src/build/validate-campaigns';

const args = process.argv.slice(2);
const formatIndex = args.indexOf('--format');
const format = formatIndex >= 0 ? args[formatIndex + 1] : 'text';
const files = args.filter(
  (arg, i) => !arg.startsWith('--') && (formatIndex < 0 || i !== formatIndex + 1),
);

if (format !== 'text' && format !== 'json') {
  console.error(`unknown --format "${format}": use text or json`);
  process.exit(2);
}

const started = performance.now();
const report = validateCampaigns(openProject(), files);
const elapsed = performance.now() - started;

if (format === 'json') {
  console.log(
    JSON.stringify(
      { files: report.files, errors: report.diagnostics, ms: Math.round(elapsed) },
      null,
      2,
    ),
  );
} else {
  for (const diagnostic of report.diagnostics) console.log(formatDiagnostic(diagnostic));
  const summary = `${report.files} file(s) checked in ${Math.round(elapsed)} ms, ${report.diagnostics.length} error(s)`;
  console.log(report.diagnostics.length > 0 ? `\n${summary}` : summary);
}
process.exit(report.diagnostics.length > 0 ? 1 : 0);
