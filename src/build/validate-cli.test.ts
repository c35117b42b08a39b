import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCampaignFiles, openCampaignProject } from './campaign-project';
import { USAGE, runValidateCli, type CliIo } from './validate-cli';

type Content = string | object | Uint8Array;

/** A throwaway project: <root>/campaigns with the given files, and a <root>/schemas folder. */
function makeProject(files: Record<string, Content>, links: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'validate-cli-'));
  mkdirSync(join(root, 'schemas'));
  writeFileSync(join(root, 'schemas', 'campaign.schema.json'), '{}');
  writeFileSync(join(root, 'schemas', 'campaign-override.schema.json'), '{}');
  mkdirSync(join(root, 'campaigns'));
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, 'campaigns', path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(
      full,
      typeof content === 'string' || content instanceof Uint8Array
        ? content
        : JSON.stringify(content, null, 2),
    );
  }
  for (const [path, target] of Object.entries(links)) {
    const full = join(root, 'campaigns', path);
    mkdirSync(dirname(full), { recursive: true });
    symlinkSync(target, full);
  }
  return root;
}

interface Run {
  status: number;
  stdout: string;
  stderr: string;
  written: Map<string, string>;
}

function run(root: string, argv: string[], io: Partial<CliIo> = {}): Run {
  let stdout = '';
  let stderr = '';
  const written = new Map<string, string>();
  const status = runValidateCli(argv, {
    root,
    cwd: root,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    writeFile: (path, content) => written.set(path, content),
    ...io,
  });
  return { status, stdout, stderr, written };
}

interface JsonEntry {
  file: string;
  line: number;
  column: number;
  path: string;
  message: string;
  code: string;
  severity: 'error' | 'warning';
  fixable?: boolean;
}
interface JsonReport {
  ok: boolean;
  files: number;
  errors: JsonEntry[];
  warnings: JsonEntry[];
}

function runJson(root: string, argv: string[] = []): JsonReport & { status: number } {
  const result = run(root, [...argv, '--format', 'json']);
  return { ...(JSON.parse(result.stdout) as JsonReport), status: result.status };
}

const page = (body: unknown[] = [], extra: object = {}) => ({
  $schema: '../schemas/campaign.schema.json',
  version: 2,
  title: 'T',
  body,
  ...extra,
});
const text = (content: string, extra: object = {}) => ({
  type: 'rich-text',
  props: { content: [content] },
  ...extra,
});

function nested(levels: number): object {
  let node: object = text('x');
  for (let i = 0; i < levels; i += 1) node = { type: 'container', props: {}, children: [node] };
  return node;
}

describe('validator CLI: exit status', () => {
  it('is 0 for valid documents, 1 for an error, 0 for warnings only', () => {
    expect(run(makeProject({ 'a.json': page([text('x')]) }), []).status).toBe(0);
    expect(run(makeProject({ 'a.json': page([{ type: 'nope' }]) }), []).status).toBe(1);
    const bom = makeProject({ 'a.json': `\uFEFF${JSON.stringify(page())}` });
    expect(run(bom, []).status).toBe(0);
  });

  it('is 2 with usage for an unknown option, and nothing is checked', () => {
    const result = run(makeProject({ 'a.json': page([{ type: 'nope' }]) }), ['--frmat', 'json']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('unknown option "--frmat"; did you mean "--format"?');
    expect(result.stderr).toContain('Usage:');
    expect(run(makeProject({}), ['--format', 'xml']).stderr).toMatch(/unknown format "xml"/);
    expect(run(makeProject({}), ['--format']).status).toBe(2);
  });

  it('prints the usage for --help, exit 0, and checks nothing', () => {
    const result = run(makeProject({ 'a.json': page([{ type: 'nope' }]) }), ['--help']);
    expect(result).toMatchObject({ status: 0, stdout: `${USAGE}\n`, stderr: '' });
    expect(run(makeProject({}), ['-h']).stdout).toContain('Exit status: 0');
  });

  it('is 2 for an internal error, with a well-formed report (valid JSON on stdout)', () => {
    const root = makeProject({ 'a.json': page() });
    const failing: typeof openCampaignProject = (dir, base, prefix) => ({
      ...openCampaignProject(dir, base, prefix),
      compile: () => {
        throw new TypeError('boom');
      },
    });
    const perFile = run(root, ['--format', 'json'], { openProject: failing });
    expect(perFile.status).toBe(2);
    const report = JSON.parse(perFile.stdout) as JsonReport;
    expect(report.errors[0]).toMatchObject({ code: 'internal', file: 'campaigns/a.json' });
    expect(report.errors[0]?.message).toMatch(/boom.*please report/);

    const whole = run(root, ['--format', 'json'], {
      openProject: () => {
        throw new Error('cannot start');
      },
    });
    expect(whole.status).toBe(2);
    expect((JSON.parse(whole.stdout) as JsonReport).errors[0]?.code).toBe('internal');
  });
});

describe('validator CLI: what campaigns/ may hold', () => {
  it('reports a broken symbolic link anywhere as an error of that file, JSON stays valid', () => {
    const root = makeProject(
      { 'a.json': page() },
      { 'deep/er/broken.json': 'nowhere.json', 'dangling-folder': '../missing-dir' },
    );
    expect(() => listCampaignFiles(join(root, 'campaigns'))).not.toThrow();
    const report = runJson(root);
    expect(report.status).toBe(1);
    expect(report.files).toBe(1);
    expect(report.errors.map((e) => [e.file, e.code])).toEqual([
      ['campaigns/dangling-folder', 'broken-link'],
      ['campaigns/deep/er/broken.json', 'broken-link'],
    ]);
    expect(report.errors[1]?.message).toMatch(/"nowhere.json", which does not exist: fix the link/);
    // Named on the command line too.
    expect(runJson(root, ['campaigns/deep/er/broken.json']).errors[0]?.code).toBe('broken-link');
  });

  it('reports a folder linked back to itself once, without looping', () => {
    const root = makeProject({ 'a/b.json': page() }, { 'a/again': '.' });
    expect(runJson(root).errors.map((e) => e.code)).toEqual(['link-loop']);
  });

  it('refuses .txt and .json5 named on the command line; warns about them in a folder', () => {
    const root = makeProject({ 'a.txt': JSON.stringify(page()), 'b.json5': '{version: 2}' });
    const named = runJson(root, ['campaigns/a.txt', 'campaigns/b.json5']);
    expect(named.status).toBe(1);
    expect(named.errors.map((e) => e.code)).toEqual(['not-json', 'not-json']);
    expect(named.errors[0]?.message).toMatch(/rename it/);
    const all = runJson(root);
    expect(all.warnings.map((w) => [w.file, w.code])).toEqual([
      ['campaigns/a.txt', 'not-json'],
      ['campaigns/b.json5', 'not-json'],
    ]);
  });
});

describe('validator CLI: files and folders as arguments', () => {
  it('reports a missing file as missing (not as a template), with a suggestion', () => {
    const root = makeProject({ 'luckDraw.json': page() });
    const report = runJson(root, ['campaigns/luckDrwa.json']);
    expect(report.status).toBe(1);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ code: 'not-found', file: 'campaigns/luckDrwa.json' });
    expect(report.errors[0]?.message).toMatch(/did you mean campaigns\/luckDraw.json\?/);
    expect(report.errors[0]?.message).not.toMatch(/template/);
    // A bare name typed from the project root finds the page of that name.
    expect(runJson(root, ['luckDraw.json']).errors[0]?.message).toMatch(
      /did you mean campaigns\/luckDraw.json\?/,
    );
  });

  it('checks the JSON files inside a folder given as argument', () => {
    const root = makeProject({
      'contract/index.json': page(),
      'contract/record.json': page([{ type: 'nope' }]),
      'other.json': page([{ type: 'nope' }]),
    });
    const report = runJson(root, ['campaigns/contract']);
    expect(report.files).toBe(2);
    expect(report.errors.map((e) => e.file)).toEqual(['campaigns/contract/record.json']);
    expect(runJson(root, ['campaigns']).files).toBe(3);
    expect(runJson(root, ['campaigns/contract/']).files).toBe(2);
  });

  it('resolves paths from where the command was typed', () => {
    const root = makeProject({ 'contract/index.json': page([{ type: 'nope' }]) });
    const result = run(root, ['index.json'], { cwd: join(root, 'campaigns', 'contract') });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^campaigns\/contract\/index.json:\d+:\d+ {2}body\[0\].type/m);
    expect(result.stdout).toMatch(/1 file checked/);
  });
});

describe('validator CLI: bytes and JSON edge cases', () => {
  it('warns about a byte-order mark and --fix removes it', () => {
    const root = makeProject({ 'a.json': `\uFEFF${JSON.stringify(page())}` });
    const report = runJson(root);
    expect(report.ok).toBe(true);
    expect(report.warnings[0]).toMatchObject({ code: 'bom', line: 1, fixable: true });
    expect(report.warnings[0]?.message).not.toMatch(/double quotes/);
    const fixed = run(root, ['--fix']);
    expect(fixed.stderr).toMatch(/fixed campaigns\/a.json: remove the byte-order mark/);
    expect(readFileSync(join(root, 'campaigns/a.json'))[0]).toBe('{'.charCodeAt(0));
    expect(runJson(root).warnings).toEqual([]);
  });

  it('says an empty file is empty', () => {
    for (const content of ['', '  \n']) {
      const [error] = runJson(makeProject({ 'a.json': content })).errors;
      expect(error).toMatchObject({ code: 'empty', line: 1 });
      expect(error?.message).toMatch(/the file is empty/);
      expect(error?.message).not.toMatch(/trailing comma/);
    }
  });

  it('reports duplicate keys at the second one', () => {
    const root = makeProject({
      'a.json': '{\n  "version": 2,\n  "title": "a",\n  "body": [],\n  "title": "b"\n}',
    });
    const report = runJson(root);
    expect(report.status).toBe(1);
    expect(report.errors[0]).toMatchObject({
      code: 'duplicate-key',
      line: 5,
      column: 3,
      path: 'title',
    });
    expect(report.errors[0]?.message).toMatch(/also at line 3, column 3.*remove one/);
  });

  it('reports invalid UTF-8 with its line and column', () => {
    const bytes = Buffer.concat([
      Buffer.from('{\n  "version": 2,\n  "title": "春'),
      Buffer.from([0xc4, 0xe3]), // 你 in GBK
      Buffer.from('",\n  "body": []\n}'),
    ]);
    const [error] = runJson(makeProject({ 'a.json': bytes })).errors;
    expect(error).toMatchObject({ code: 'encoding', line: 3, column: 14 });
    expect(error?.message).toMatch(/save the file with the encoding "UTF-8"/);
  });

  it('names curly quotes pasted from a chat', () => {
    const [error] = runJson(makeProject({ 'a.json': '{ “version”: 2 }' })).errors;
    expect(error?.message).toMatch(/curly quote/);
  });

  it('reports ~1000 nested containers as a located error, not a RangeError', () => {
    const root = makeProject({ 'deep.json': page([nested(1000)]) });
    const report = runJson(root);
    expect(report.status).toBe(1);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ code: 'too-deep', file: 'campaigns/deep.json' });
    expect(report.errors[0]?.line).toBeGreaterThan(1);
    expect(report.errors[0]?.message).toMatch(/more than 32 levels deep.*flatten/);
    // 32 levels still validate.
    expect(runJson(makeProject({ 'ok.json': page([nested(31)]) })).errors).toEqual([]);
  });

  it('reports deep nesting outside widgets (conditions) too', () => {
    let condition: object = { loggedIn: true };
    for (let i = 0; i < 2000; i += 1) condition = { not: condition };
    const report = runJson(makeProject({ 'a.json': page([text('x', { when: condition })]) }));
    expect(report.errors.map((e) => e.code)).toEqual(['too-deep']);
  });
});

describe('validator CLI: dates and bindings', () => {
  it('reports dates that do not exist and ranges that end before they start', () => {
    const root = makeProject({
      'a.json': page([
        text('a', { when: { date: { from: '2026-02-30', until: '2026-03-01' } } }),
        text('b', { when: { date: { from: '2026-03-01', until: '2026-02-01' } } }),
        text('c', { when: { date: { from: '2026-03-01T10:00', until: '2026-03-01T25:00' } } }),
        text('d', { when: { date: { from: '2028-02-29', until: '2028-03-01T00:00:00+08:00' } } }),
      ]),
    });
    const report = runJson(root);
    expect(report.errors.map((e) => [e.path, e.code])).toEqual([
      ['body[0].when.date.from', 'date'],
      ['body[1].when.date.until', 'date-range'],
      ['body[2].when.date.until', 'date'],
    ]);
    expect(report.errors[0]?.message).toMatch(/2026-02 has 28 days/);
    expect(report.errors[1]?.message).toMatch(/ends .* before it starts/);
  });

  it('reports bindings to scopes that do not exist (error) and doubtful ones (warning)', () => {
    const root = makeProject({
      'a.json': page(
        [
          text('你好 {{usr.nickName}}'),
          text('{{data.profile.nickName|朋友}} {{data.profil.x}}'),
          text('{{ not a binding }}'),
          text('{{query.from|直接访问}} {{page.title}} {{activity.activityCode}}'),
          text('{{state.never}}'),
          {
            type: 'button',
            props: { label: '{{event.x}}' },
            on: {
              click: [
                { type: 'setState', key: 'picked', value: '{{event.index}}' },
                { type: 'toast', text: '{{state.picked}}' },
              ],
            },
          },
          text('x', { when: { data: { path: 'user.signStatus', equals: 1 } } }),
        ],
        { data: { profile: { call: 'generalActivity.visitIndex' } } },
      ),
    });
    const report = runJson(root);
    const found = [...report.errors, ...report.warnings].map((d) => [d.path, d.severity]);
    expect(found).toEqual([
      ['body[0].props.content[0]', 'error'],
      ['body[1].props.content[0]', 'error'],
      ['body[6].when.data.path', 'error'],
      ['body[2].props.content[0]', 'warning'],
      ['body[4].props.content[0]', 'warning'],
      ['body[5].props.label', 'warning'],
    ]);
    expect(report.errors[0]?.message).toMatch(/reads "usr", which does not exist/);
    expect(report.errors[1]?.message).toMatch(/no data source "profil"; did you mean "profile"/);
  });
});

describe('validator CLI: report formats', () => {
  const broken = () =>
    makeProject({
      'a.json': page([{ type: 'buton', props: {} }]),
      'b.json': `\uFEFF${JSON.stringify(page())}`,
      'c.json': page(),
    });

  it('json: only JSON on stdout, with a severity on each entry', () => {
    const result = run(broken(), ['--format=json']);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report).toMatchObject({ ok: false, files: 3 });
    expect(report.errors[0]).toMatchObject({ code: 'unknown-widget', severity: 'error' });
    expect(report.warnings[0]).toMatchObject({ code: 'bom', severity: 'warning' });
  });

  it('text: one line per problem, warnings marked, a summary', () => {
    const { stdout } = run(broken(), []);
    expect(stdout).toMatch(
      /^campaigns\/a.json:\d+:\d+ {2}body\[0\]\.type {2}unknown widget type "buton"; did you mean "button"\?$/m,
    );
    expect(stdout).toMatch(/^campaigns\/b.json:1:1 {2}\(document\) {2}warning: the file starts/m);
    expect(stdout).toMatch(/3 files checked in \d+ ms: 1 error, 1 warning\n$/);
  });

  it('github: one annotation per problem', () => {
    const lines = run(broken(), ['--format', 'github']).stdout.split('\n');
    expect(lines[0]).toMatch(
      /^::error file=campaigns\/a.json,line=\d+,col=\d+,title=unknown-widget at body\[0\]\.type::unknown widget type "buton"/,
    );
    expect(lines[1]).toMatch(/^::warning file=campaigns\/b.json,line=1,col=1,title=bom::/);
  });

  it('junit: one test case per file, errors as failures', () => {
    const xml = run(broken(), ['--format', 'junit']).stdout;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<testsuite name="campaign documents" tests="3" failures="1"');
    expect(xml).toMatch(
      /<testcase classname="campaigns" name="campaigns\/a.json"[^>]*>\s*<failure/,
    );
    expect(xml).toMatch(/<testcase classname="campaigns" name="campaigns\/c.json"[^>]*\/>/);
    expect(xml).toContain('&quot;buton&quot;');
  });

  it('sarif: a SARIF 2.1.0 log with rules, levels and regions', () => {
    const log = JSON.parse(run(broken(), ['--format', 'sarif']).stdout) as {
      version: string;
      $schema: string;
      runs: {
        tool: { driver: { name: string; rules: { id: string }[] } };
        results: {
          ruleId: string;
          ruleIndex: number;
          level: string;
          message: { text: string };
          locations: {
            physicalLocation: {
              artifactLocation: { uri: string };
              region: { startLine: number; startColumn: number };
            };
          }[];
        }[];
      }[];
    };
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    const [sarifRun] = log.runs;
    expect(sarifRun?.tool.driver.rules.map((r) => r.id)).toEqual(['bom', 'unknown-widget']);
    expect(sarifRun?.results.map((r) => [r.ruleId, r.level])).toEqual([
      ['unknown-widget', 'error'],
      ['bom', 'warning'],
    ]);
    const first = sarifRun?.results[0];
    expect(sarifRun?.tool.driver.rules[first?.ruleIndex ?? -1]?.id).toBe('unknown-widget');
    expect(first?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('campaigns/a.json');
    expect(first?.locations[0]?.physicalLocation.region.startLine).toBeGreaterThan(1);
  });

  it('--output writes the report to a file and still prints the problems', () => {
    const root = broken();
    const result = run(root, ['--format', 'sarif', '--output', 'out/report.sarif']);
    expect(result.status).toBe(1);
    const written = result.written.get(join(root, 'out/report.sarif'));
    expect(JSON.parse(written ?? '{}')).toMatchObject({ version: '2.1.0' });
    expect(result.stdout).toMatch(/unknown widget type "buton"/);
    expect(result.stdout).toMatch(/sarif report in out\/report.sarif/);
  });
});

describe('validator CLI: $schema paths', () => {
  it('warns about a $schema that leads nowhere from a subfolder; --fix rewrites it', () => {
    const root = makeProject({
      'contract/index.json': page(), // "../schemas/…" is one level short here
      'tmpl/_base.json': page(),
      'season.json': {
        $schema: '../schemas/campaign.schema.json',
        version: 2,
        extends: 'tmpl/_base',
        title: 'x',
      },
    });
    const report = runJson(root);
    expect(report.ok).toBe(true);
    expect(report.warnings.map((w) => [w.file, w.code])).toEqual([
      ['campaigns/contract/index.json', 'schema-path'],
      ['campaigns/season.json', 'schema-path'],
      ['campaigns/tmpl/_base.json', 'schema-path'],
    ]);
    expect(report.warnings[0]?.message).toMatch(/use "..\/..\/schemas\/campaign.schema.json"/);
    expect(report.warnings[1]?.message).toMatch(/campaign-override.schema.json/);
    run(root, ['--fix']);
    expect(runJson(root).warnings).toEqual([]);
    const fixed = JSON.parse(readFileSync(join(root, 'campaigns/contract/index.json'), 'utf8')) as {
      $schema: string;
      title: string;
    };
    expect(fixed).toMatchObject({ $schema: '../../schemas/campaign.schema.json', title: 'T' });
    expect(existsSync(join(root, 'campaigns/season.json'))).toBe(true);
  });
});

describe('validator CLI: --output failures', () => {
  it('exits 2 when the report cannot be written', () => {
    const root = makeProject({ 'a.json': page() });
    const result = run(root, ['--format', 'json', '--output', 'missing/dir/r.json'], {
      writeFile: () => {
        throw Object.assign(new Error('no such directory'), { code: 'ENOENT' });
      },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/cannot write missing\/dir\/r.json \(ENOENT\)/);
  });
});

describe('validator CLI: everything in one run', () => {
  it('reports dates and bindings next to schema errors, with what to write', () => {
    const root = makeProject({
      'a.json': page([
        { type: 'button', props: { label: 'x', fullWidth: 'yes' } },
        text('{{usr.name}}', { when: { date: { from: '2026-04-31' } } }),
      ]),
    });
    const report = runJson(root);
    expect(report.errors.map((e) => [e.path, e.code])).toEqual([
      ['body[0].props.fullWidth', 'schema'],
      ['body[1].props.content[0]', 'binding'],
      ['body[1].when.date.from', 'date'],
    ]);
    expect(report.errors[0]?.message).toBe(
      'expected true or false (without quotes), got the text "yes"',
    );
  });
});

describe('validator CLI: messages that say what to do', () => {
  it('points at a trailing comma and reports one syntax error per line', () => {
    const root = makeProject({
      'a.json':
        '{\n  "version": 2,\n  "title": "x",\n  "body": [\n    { "type": "rich-text" },\n  ]\n}',
      'b.json': "{ 'version': 2 }",
    });
    const [comma, quote, ...rest] = runJson(root).errors;
    expect(comma).toMatchObject({ file: 'campaigns/a.json', line: 5, column: 28 });
    expect(comma?.message).toMatch(/a comma before "\]" with nothing after it: remove the comma/);
    expect(quote?.message).toMatch(/single quote/);
    expect(rest).toEqual([]);
  });

  it('suggests the template meant by a wrong extends', () => {
    const root = makeProject({
      '_templates/tongcheng.json': page(),
      'a.json': { version: 2, extends: '_templates/tongchen', title: 'x' },
    });
    const [error] = runJson(root, ['campaigns/a.json']).errors;
    expect(error).toMatchObject({ code: 'missing-template', path: 'extends' });
    expect(error?.message).toMatch(/did you mean "_templates\/tongcheng"\?$/);
  });
});
