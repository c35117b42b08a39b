/**
 * npm run validate [files or folders...] [--format text|json|junit|github|sarif] [--output FILE]
 * [--fix]: checks campaign documents (src/build/validate-cli.ts; --help for the details).
 *
 * `npm run validate` runs this file pre-bundled to plain JavaScript (scripts/validate-cli.mjs,
 * decision 0012); `npx tsx scripts/validate.ts` runs it from source.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { npmBannerOnStdout, runValidateCli } from '../src/build/validate-cli';

/** Runs the CLI for the project at `root`; sets the exit status (0 valid, 1 invalid, 2 usage or internal). */
export function main(root: string, argv: readonly string[] = process.argv.slice(2)): void {
  // npm runs scripts in the project root; INIT_CWD is where the user typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  try {
    process.exitCode = runValidateCli(argv, {
      root,
      cwd,
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      writeFile: (path, content) => writeFileSync(path, content),
      // A terminal is read by a person, for whom the banner is harmless.
      stdoutHasNpmBanner: npmBannerOnStdout(process.env) && !process.stdout.isTTY,
    });
  } catch (error) {
    // A bug of the validator is not "invalid documents": exit 2, not 1.
    console.error('validate: internal error, please report it:', error);
    process.exitCode = 2;
  }
}

// Run directly (tsx scripts/validate.ts), not imported by the launcher.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(fileURLToPath(new URL('..', import.meta.url)));
}
