import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCampaignFiles } from '../src/build/campaign-project';
import { codeFromRoute } from './scaffold';
import { overrideFor } from './scaffold-rename';
import { deepMerge } from '../src/engine/document/deep-merge';

/** A copy of the project's pages and activities to scaffold into. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'new-page-'));
  cpSync('campaigns', join(dir, 'campaigns'), { recursive: true });
  cpSync('server/activities', join(dir, 'server/activities'), { recursive: true });
  return dir;
}

const env = (dir: string) => ({ ...process.env, CAMPAIGN_PROJECT_DIR: dir });

function scaffold(dir: string, ...args: string[]) {
  return spawnSync('npx', ['tsx', 'scripts/new-page.ts', ...args], {
    encoding: 'utf8',
    env: env(dir),
  });
}

function validate(dir: string, ...files: string[]) {
  return spawnSync(
    process.execPath,
    ['scripts/validate-cli.mjs', '--campaigns', join(dir, 'campaigns'), ...files],
    { encoding: 'utf8' },
  );
}

const read = (file: string) => readFileSync(file, 'utf8');
const json = <T = Record<string, never>>(file: string) => JSON.parse(read(file)) as T;
/** Lines of stdout naming the files written: "wrote campaigns/x.json (…)". */
const written = (stdout: string) => [...stdout.matchAll(/^wrote (\S+)/gm)].map((m) => m[1]!);

/** Every code and prize id of the source's activities, as written in their files. */
function sourceIds(codes: readonly string[]): string[] {
  const ids = new Set(codes);
  for (const file of listActivityFiles()) {
    const activity = json<{ activityCode: string; prizes?: { prizeId: string }[] }>(file);
    if (!codes.includes(activity.activityCode)) continue;
    for (const prize of activity.prizes ?? []) ids.add(prize.prizeId);
  }
  return [...ids];
}

function listActivityFiles(): string[] {
  return execFileSync('ls', ['server/activities'], { encoding: 'utf8' })
    .split('\n')
    .filter((name) => name.endsWith('.json'))
    .map((name) => join('server/activities', name));
}

/** The source's ids as whole words (p-thanks, not the p-thanks inside tongcheng-apr-thanks). */
function leftovers(text: string, ids: readonly string[]): string[] {
  return ids.filter((id) =>
    new RegExp(`(?<![A-Za-z0-9_-])${id.replace(/[-]/g, '\\-')}(?![A-Za-z0-9_-])`).test(text),
  );
}

describe('npm run new: a family with its own activity (issue 34)', () => {
  it('from a template: the page, its /phone and /detail, its own activity; no source id left; valid; routes resolve', () => {
    const dir = project();
    const result = scaffold(
      dir,
      'tongchengApr',
      '--from',
      '_templates/tongcheng-season',
      '--title',
      '四月出行季',
    );
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const files = written(result.stdout);
    expect(files).toEqual([
      'campaigns/tongchengApr.json',
      'campaigns/tongchengApr/detail.json',
      'campaigns/tongchengApr/phone.json',
      'server/activities/tongcheng-apr.json',
    ]);
    expect(json(join(dir, 'campaigns/tongchengApr/phone.json'))).toEqual({
      $schema: '../../schemas/campaign-override.schema.json',
      version: 2,
      extends: '_templates/tongcheng-phone',
      title: '四月出行季·绑定手机号',
      activity: { code: 'tongcheng-apr' },
    });
    const text = files.map((file) => read(join(dir, file))).join('\n');
    expect(leftovers(text, sourceIds(['tongcheng-template']))).toEqual([]);
    interface Activity {
      id: number;
      title: string;
      prizes: { prizeId: string; name: string }[];
      draw: { fallbackPrizeId: string };
    }
    const activity = json<Activity>(join(dir, 'server/activities/tongcheng-apr.json'));
    const template = json<Activity>('server/activities/tongcheng-template.json');
    expect(activity.title).toBe('四月出行季');
    expect(activity.id).not.toBe(template.id);
    expect(activity.prizes.map((p) => p.prizeId)).toEqual([
      'tongcheng-apr-hotel',
      'tongcheng-apr-train',
      'tongcheng-apr-thanks',
    ]);
    expect(activity.prizes.map((p) => p.name)).toEqual(template.prizes.map((p) => p.name));
    expect(activity.draw.fallbackPrizeId).toBe('tongcheng-apr-thanks');

    const routes = listCampaignFiles(join(dir, 'campaigns')).map((f) => f.route);
    expect(routes).toEqual(
      expect.arrayContaining(['/tongchengApr', '/tongchengApr/phone', '/tongchengApr/detail']),
    );
    // The links between them ({{page.route}}/detail, {{page.parentRoute}}) are checked there.
    expect(validate(dir, ...files.map((file) => join(dir, file))).status).toBe(0);
  });

  it('from a route: no widget keeps the demo code; the draw names the new prizes (the springX report)', () => {
    const dir = project();
    const result = scaffold(dir, 'springX', '--from', 'luckDraw');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const page = read(join(dir, 'campaigns/springX.json'));
    const activityText = read(join(dir, 'server/activities/spring-x.json'));
    expect(leftovers(page + activityText, sourceIds(['demo-luckdraw']))).toEqual([]);
    // Every widget and data source that named the demo's activity now names the new one.
    const named = read(join(dir, 'campaigns/luckDraw.json')).match(
      /"activityCode": "demo-luckdraw"/g,
    );
    expect(named?.length).toBeGreaterThan(3);
    expect(page.match(/"activityCode": "spring-x"/g)).toHaveLength(named?.length ?? 0);
    const doc = JSON.parse(page) as { body: { id: string; props: Record<string, unknown> }[] };
    const draw = doc.body.find((node) => node.id === 'draw')!.props.prizes as { prizeId: string }[];
    expect(draw[0]?.prizeId).toBe('spring-x-phone');
  });

  it('from a route with sub-pages: the whole family, sub-page titles following the new title', () => {
    const dir = project();
    const result = scaffold(dir, 'tongchengMay', '--from', 'tongchengMar', '--title', '五月出行季');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(written(result.stdout)).toEqual([
      'campaigns/tongchengMay.json',
      'campaigns/tongchengMay/detail.json',
      'campaigns/tongchengMay/phone.json',
      'server/activities/tongcheng-may.json',
    ]);
    expect(json(join(dir, 'campaigns/tongchengMay/detail.json'))).toMatchObject({
      title: '五月出行季·活动详情',
      activity: { code: 'tongcheng-may' },
    });
    // The season's own overrides are kept.
    expect(read(join(dir, 'campaigns/tongchengMay.json'))).toContain('领取三月出行券');
  });

  it('a template that hard-codes its activity: the page overrides every place it is named', () => {
    const dir = project();
    const result = scaffold(dir, 'fundX', '--from', '_templates/fund', '--title', '基金节');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(leftovers(read(join(dir, 'campaigns/fundX.json')), ['guangfa-fund'])).toEqual([]);
  });

  it('exits 1 with the located errors when the new pages do not validate', () => {
    const dir = project();
    // A template linking to <page>/detail that no season uses yet: nothing serves the detail.
    writeFileSync(
      join(dir, 'campaigns/_templates/lonely.json'),
      JSON.stringify({ version: 2, extends: '_templates/tongcheng-season' }),
    );
    const result = scaffold(dir, 'lonelyApr', '--from', '_templates/lonely');
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toMatch(
      /campaigns\/_templates\/tongcheng-season\.json:\d+:\d+ .*"\/lonelyApr\/detail"/,
    );
  });

  // Six runs of the command: on a busy machine, more than the default minute.
  it(
    'refuses to overwrite, an unknown source, a bad route and bad options (exit 2)',
    { timeout: 180_000 },
    () => {
      const dir = project();
      expect(scaffold(dir, 'luckDraw', '--from', 'invite').stderr).toMatch(/already exists/);
      expect(scaffold(dir, 'x', '--from', 'nope').stderr).toMatch(/no such page or template/);
      expect(scaffold(dir, 'x', '--from', 'luckDraw', '--code', 'tongcheng-mar').stderr).toMatch(
        /activity "tongcheng-mar" exists already/,
      );
      expect(scaffold(dir, '../evil', '--from', 'luckDraw').status).toBe(2);
      expect(scaffold(dir, 'x', '--form', 'luckDraw').status).toBe(2);
      expect(scaffold(dir, 'x').status).toBe(2);
    },
  );

  it('makes activity codes from routes and overrides that rebuild the target', () => {
    expect(codeFromRoute('tongchengApr')).toBe('tongcheng-apr');
    expect(codeFromRoute('spring/draw_2')).toBe('spring-draw-2');
    const base = { a: 1, gone: true, body: [{ id: 'x', props: { c: 'old', d: 1 } }] };
    const target = { a: 1, body: [{ id: 'x', props: { c: 'new', d: 1 } }, { id: 'y' }] };
    const override = overrideFor(base, target);
    expect(override).toEqual({
      gone: null,
      body: [{ id: 'x', props: { c: 'new' } }, { id: 'y' }],
    });
    expect(deepMerge(base, override)).toEqual(target);
  });

  it('prints its usage for --help', () => {
    expect(
      execFileSync('npx', ['tsx', 'scripts/new-page.ts', '--help'], { encoding: 'utf8' }),
    ).toMatch(/usage: npm run new/);
  });
});

/** The commands of docs/authoring.md's walkthrough, in order, as written there. */
function walkthroughCommands(): string[] {
  const doc = read('docs/authoring.md');
  const section = doc.slice(doc.indexOf('## 2. A seasonal family'), doc.indexOf('## 3.'));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.startsWith('npm run '));
}

describe('docs/authoring.md §2 runs as written', () => {
  it('every command of the walkthrough succeeds on a copy of the project', () => {
    const commands = walkthroughCommands();
    expect(commands.filter((c) => c.startsWith('npm run new -- '))).not.toHaveLength(0);
    expect(commands.some((c) => c.startsWith('npm run validate'))).toBe(true);
    const dir = project();
    for (const command of commands) {
      const validateArgs = /^npm run (?:-s )?validate(?: --)?(.*)$/.exec(command);
      // `npm run validate <files>` checks the copy: the same files, named in it.
      const result = validateArgs
        ? validate(
            dir,
            ...validateArgs[1]!
              .trim()
              .split(/\s+/)
              .filter(Boolean)
              .map((file) => join(dir, file)),
          )
        : spawnSync('sh', ['-c', command], { encoding: 'utf8', env: env(dir) });
      expect(result.status, `${command}\n${result.stdout}${result.stderr}`).toBe(0);
    }
  });
});
