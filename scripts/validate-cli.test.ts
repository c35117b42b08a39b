import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { npmBannerOnStdout } from '../src/build/validate-cli';

const root = fileURLToPath(new URL('..', import.meta.url));
const launcher = join(root, 'scripts', 'validate-cli.mjs');

/** `npm run validate` minus npm: the pre-bundled CLI in its own process. */
function validate(args: string[], cache: string) {
  const result = spawnSync(process.execPath, [launcher, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CAMPAIGN_VALIDATOR_CACHE: cache, INIT_CWD: root },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run validate (scripts/validate-cli.mjs, decision 0012)', () => {
  it('builds the bundle once, reuses it, rebuilds when a source changed', () => {
    const cache = mkdtempSync(join(tmpdir(), 'validator-cache-'));
    const first = validate(['--help'], cache);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^Usage: npm run -s validate/);
    const bundle = join(cache, 'validate.mjs');
    const builtAt = statSync(bundle).mtimeMs;
    const inputs = JSON.parse(readFileSync(join(cache, 'inputs.json'), 'utf8')) as {
      files: [string, number, number][];
    };
    const sources = inputs.files.map(([file]) => file);
    expect(sources).toEqual(
      expect.arrayContaining([
        'scripts/validate-cli.mjs',
        'scripts/validate.ts',
        'src/build/compile-campaign.ts',
        'widgets/index.ts',
      ]),
    );
    expect(validate(['--help'], cache).status).toBe(0);
    expect(statSync(bundle).mtimeMs).toBe(builtAt);
    // A source "changed": its recorded size no longer matches.
    inputs.files[1]![2] += 1;
    writeFileSync(join(cache, 'inputs.json'), JSON.stringify(inputs));
    expect(validate(['--help'], cache).status).toBe(0);
    expect(statSync(bundle).mtimeMs).not.toBe(builtAt);
  });

  it('exits 0 on the project, 1 with a broken link (JSON intact), 2 on an unknown option', () => {
    const cache = mkdtempSync(join(tmpdir(), 'validator-cache-'));
    expect(validate([], cache)).toMatchObject({ status: 0, stderr: '' });

    const campaigns = mkdtempSync(join(tmpdir(), 'campaigns-'));
    mkdirSync(join(campaigns, 'sub'));
    writeFileSync(join(campaigns, 'a.json'), JSON.stringify({ version: 2, title: 't', body: [] }));
    symlinkSync('nowhere.json', join(campaigns, 'sub', 'gone.json'));
    const broken = validate(['--campaigns', campaigns, '--format', 'json'], cache);
    expect(broken.status).toBe(1);
    const report = JSON.parse(broken.stdout) as { errors: { file: string; code: string }[] };
    expect(report.errors).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/sub\/gone\.json$/),
        code: 'broken-link',
      }),
    ]);

    const usage = validate(['--formt', 'json'], cache);
    expect(usage.status).toBe(2);
    expect(usage.stdout).toBe('');
    expect(usage.stderr).toMatch(/did you mean "--format"/);
  });
});

/**
 * The real command through npm, as QA and CI type it (issue 34 item 7). npm prints its banner
 * ("> campaign-engine@x validate") on stdout before the script starts unless it is silent, so a
 * json report is either clean on stdout (npm run -s, or --output) or refused: never unreadable.
 */
describe('npm run validate -- --format json (the report a program reads)', () => {
  // What the user's shell has: none of the npm settings a test runner started by npm passes on.
  const shellEnv = (cache: string) => {
    const env: Record<string, string | undefined> = { ...process.env };
    for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];
    return { ...env, CAMPAIGN_VALIDATOR_CACHE: cache };
  };
  const npmRun = (args: string[], cache: string) =>
    spawnSync('npm', args, { cwd: root, encoding: 'utf8', env: shellEnv(cache) });

  it('is clean JSON on stdout through npm run -s, and in the --output file through plain npm run', () => {
    const cache = mkdtempSync(join(tmpdir(), 'validator-cache-'));
    const silent = npmRun(['run', '-s', 'validate', '--', '--format', 'json'], cache);
    expect(silent.status).toBe(0);
    expect(JSON.parse(silent.stdout)).toMatchObject({ ok: true, errors: [] });

    const file = join(mkdtempSync(join(tmpdir(), 'validator-report-')), 'report.json');
    const plain = npmRun(['run', 'validate', '--', '--format', 'json', '--output', file], cache);
    expect(plain.status).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ ok: true, errors: [] });
  });

  it("through plain npm run into a pipe: npm's banner alone on stdout, exit 2, what to type", () => {
    const cache = mkdtempSync(join(tmpdir(), 'validator-cache-'));
    const plain = npmRun(['run', 'validate', '--', '--format', 'json'], cache);
    expect(plain.status).toBe(2);
    // npm's banner, and nothing of a report a parser would choke on.
    expect(plain.stdout).toMatch(
      /^\s*> campaign-engine@\S+ validate\n> node scripts\/validate-cli\.mjs --format json\s*$/,
    );
    expect(plain.stderr).toContain('npm run -s validate -- --format json');
  });

  it.each([
    [{ npm_lifecycle_event: 'validate', npm_command: 'run' }, true],
    [{ npm_lifecycle_event: 'validate', npm_command: 'run-script' }, true],
    [{ npm_lifecycle_event: 'validate', npm_command: 'run', npm_config_loglevel: 'silent' }, false],
    [{ npm_lifecycle_event: 'validate', npm_command: 'run', npm_config_json: 'true' }, false],
    [{ npm_lifecycle_event: 'validate', npm_command: 'exec' }, false],
    // The launcher run by another script (npm test): that banner is not in front of a report.
    [{ npm_lifecycle_event: 'test', npm_command: 'test' }, false],
    [{}, false],
  ])('npm left its banner on stdout with %o: %s', (env, banner) => {
    expect(npmBannerOnStdout(env)).toBe(banner);
  });
});
