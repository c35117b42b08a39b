import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseActivity } from '../../server/src/config/load-activities';
import { compileActivityBytes } from './activity-project';
import { isError } from './diagnostic';
import { runValidateCli } from './validate-cli';

/** Issue 11 point 1: the validator knows the activities of server/activities/. */

type Json = Record<string, unknown>;

const activity = (code: string, extra: Json = {}): Json => ({
  $schema: '../../schemas/activity.schema.json',
  id: 1,
  activityCode: code,
  title: '四月出行季',
  window: { start: '2026-04-01T00:00:00+08:00', end: '2026-05-01T00:00:00+08:00' },
  prizes: [
    {
      prizeId: 'p-hotel',
      name: '酒店券',
      type: 'coupon',
      stock: 10,
      weight: 30,
      couponId: 'c-hotel',
    },
    { prizeId: 'p-thanks', name: '谢谢参与', type: 'thanks', stock: null, weight: 10 },
  ],
  coupons: [{ couponId: 'c-hotel', name: '酒店券', amountCents: 5000, pool: 10, perUserLimit: 1 }],
  tasks: [
    {
      taskId: 'visit',
      groupId: 'daily',
      title: '浏览',
      period: 'daily',
      kind: 'visit',
      reward: { chances: 1 },
    },
  ],
  vote: { options: [{ optionId: 'phone-a', title: 'A' }] },
  ...extra,
});

const page = (body: unknown[], extra: Json = {}): Json => ({
  $schema: '../schemas/campaign.schema.json',
  version: 2,
  title: 'T',
  activity: { code: 'tongcheng-apr' },
  body,
  ...extra,
});

const board = (ids: string[], extra: Json = {}) => ({
  type: 'lucky-draw',
  id: 'draw',
  props: { prizes: ids.map((prizeId) => ({ prizeId, name: prizeId })), ...extra },
});

/** A throwaway project: campaigns/, server/activities/ and schemas/ with the given files. */
function makeProject(files: Record<string, Json | string>): string {
  const root = mkdtempSync(join(tmpdir(), 'activities-'));
  mkdirSync(join(root, 'schemas'));
  for (const name of ['campaign', 'campaign-override', 'activity'])
    writeFileSync(join(root, 'schemas', `${name}.schema.json`), '{}');
  mkdirSync(join(root, 'campaigns'), { recursive: true });
  mkdirSync(join(root, 'server', 'activities'), { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

interface Entry {
  file: string;
  line: number;
  column: number;
  path: string;
  message: string;
  code: string;
  severity: 'error' | 'warning';
}

function check(root: string, argv: string[] = []) {
  let stdout = '';
  let stderr = '';
  const status = runValidateCli([...argv, '--format', 'json'], {
    root,
    cwd: root,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    writeFile: (path, content) => writeFileSync(path, content),
  });
  const report = JSON.parse(stdout) as { files: number; errors: Entry[]; warnings: Entry[] };
  return { status, stderr, ...report, all: [...report.errors, ...report.warnings] };
}

const withApril = (files: Record<string, Json | string>) =>
  makeProject({ 'server/activities/tongcheng-apr.json': activity('tongcheng-apr'), ...files });

describe('a page and its activity', () => {
  it('accepts a page whose codes, ids and dates all exist in its activity', () => {
    const root = withApril({
      'campaigns/apr.json': page([
        board(['p-hotel', 'p-thanks']),
        { type: 'task-list', props: { tasks: [{ taskId: 'visit' }], groupId: 'daily' } },
        { type: 'coupon-list', props: { couponIds: ['c-hotel'] } },
        { type: 'countdown', props: { until: '2026-04-30T20:00:00+08:00' } },
        {
          type: 'rich-text',
          props: { content: ['x'] },
          when: { date: { from: '2026-04-01', until: '2026-05-01T00:00:00+08:00' } },
        },
      ]),
    });
    const result = check(root);
    expect(result.all).toEqual([]);
    expect(result.files).toBe(2);
  });

  it('reports an activity code without a file, at the code, with did-you-mean', () => {
    const root = withApril({
      'campaigns/apr.json': page([], { activity: { code: 'tongcheng-apl' } }),
    });
    const [error] = check(root, ['campaigns/apr.json']).errors;
    expect(error).toMatchObject({
      file: 'campaigns/apr.json',
      path: 'activity.code',
      line: 6,
      code: 'unknown-activity',
    });
    expect(error?.message).toContain('server/activities/<code>.json');
    expect(error?.message).toContain('did you mean "tongcheng-apr"?');
  });

  it('reports a widget activityCode and an api param activityCode without a file', () => {
    const root = withApril({
      'campaigns/apr.json': page([
        { type: 'task-list', props: { activityCode: 'nope' } },
        {
          type: 'button',
          props: { label: 'x' },
          on: {
            click: [
              {
                type: 'api',
                call: 'generalActivity.getTaskList',
                params: { activityCode: 'gone' },
              },
              // A binding resolves at run time to the page's code: nothing to check.
              {
                type: 'api',
                call: 'generalActivity.getTaskList',
                params: { activityCode: '{{activity.activityCode}}' },
              },
            ],
          },
        },
      ]),
    });
    expect(check(root).errors.map((e) => [e.path, e.code])).toEqual([
      ['body[0].props.activityCode', 'unknown-activity'],
      ['body[1].on.click[0].params.activityCode', 'unknown-activity'],
    ]);
  });

  it('reports prize, task, task group, coupon and vote ids the activity does not have', () => {
    const root = withApril({
      'campaigns/apr.json': page([
        board(['p-hotl', 'p-thanks']),
        { type: 'task-list', props: { tasks: [{ taskId: 'vist' }], groupId: 'weekly' } },
        { type: 'coupon-list', props: { couponIds: ['c-hotel', 'c-train'] } },
        { type: 'prize-records', props: { prizeNames: { 'p-phone': '手机' } } },
        {
          type: 'button',
          props: { label: 'x' },
          on: {
            click: [
              {
                type: 'api',
                call: 'newProduct.vote',
                params: { optionId: 'phone-b', taskId: '{{state.task}}' },
              },
            ],
          },
        },
      ]),
    });
    const errors = check(root).errors;
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      ['body[0].props.prizes[0].prizeId', 'unknown-prize'],
      ['body[1].props.tasks[0].taskId', 'unknown-task'],
      ['body[1].props.groupId', 'unknown-task-group'],
      ['body[2].props.couponIds[1]', 'unknown-coupon'],
      ['body[3].props.prizeNames["p-phone"]', 'unknown-prize'],
      ['body[4].on.click[0].params.optionId', 'unknown-vote-option'],
    ]);
    expect(errors[0]?.message).toBe(
      'activity "tongcheng-apr" has no prize "p-hotl"; did you mean "p-hotel"? (server/activities/tongcheng-apr.json)',
    );
    expect(errors[3]?.message).toContain('its coupons: c-hotel');
    expect(errors.every((e) => e.file === 'campaigns/apr.json' && e.line > 1)).toBe(true);
  });

  it("checks a widget's ids against the widget's own activityCode", () => {
    const root = withApril({
      'server/activities/other.json': activity('other', { prizes: [], coupons: [] }),
      'campaigns/apr.json': page([
        { type: 'coupon-list', props: { activityCode: 'other', couponIds: ['c-hotel'] } },
      ]),
    });
    const [error] = check(root).errors;
    expect(error).toMatchObject({ path: 'body[0].props.couponIds[0]', code: 'unknown-coupon' });
    expect(error?.message).toContain('activity "other" has no coupon "c-hotel"; it has no coupons');
  });

  it('reports ids on a page that has no activity at all', () => {
    const root = withApril({
      'campaigns/apr.json': page([board(['p-hotel', 'p-thanks'])], { activity: undefined }),
    });
    expect(check(root).errors).toMatchObject([
      { path: 'body[0].props.prizes[0].prizeId', code: 'no-activity' },
      { path: 'body[0].props.prizes[1].prizeId', code: 'no-activity' },
    ]);
  });

  it('reports dates outside the activity window: conditions and countdown dates', () => {
    const root = withApril({
      'campaigns/apr.json': page([
        { type: 'countdown', props: { until: '2026-05-02T00:00:00+08:00' } },
        {
          type: 'rich-text',
          props: { content: ['x'] },
          when: { date: { from: '2026-03-01', until: '2026-04-10' } },
        },
      ]),
    });
    const errors = check(root).errors;
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      ['body[0].props.until', 'outside-window'],
      ['body[1].when.date.from', 'outside-window'],
    ]);
    expect(errors[0]?.message).toContain('after the end of activity "tongcheng-apr"');
    expect(errors[1]?.message).toContain('before the start');
  });

  it('warns when the activity can award a prize the draw board does not show', () => {
    const prizes = [
      ...(activity('x').prizes as Json[]),
      { prizeId: 'p-never', name: '从不', type: 'virtual', stock: 0, weight: 0 },
    ];
    const root = makeProject({
      'server/activities/tongcheng-apr.json': activity('tongcheng-apr', { prizes }),
      'campaigns/apr.json': page([board(['p-thanks', 'p-never'])]),
    });
    const result = check(root);
    expect(result.status).toBe(0);
    expect(result.warnings).toMatchObject([
      { path: 'body[0].props.prizes', code: 'prize-not-shown', severity: 'warning' },
    ]);
    expect(result.warnings[0]?.message).toContain('"p-hotel"');
  });

  it('locates an override of the activity code in the page, not in its template', () => {
    const root = withApril({
      'campaigns/_templates/season.json': page(
        [{ type: 'button', id: 'claim', props: { label: 'x' } }],
        {
          activity: { code: 'tongcheng-apr' },
        },
      ),
      'campaigns/may.json': {
        $schema: '../schemas/campaign-override.schema.json',
        version: 2,
        extends: '_templates/season',
        activity: { code: 'tongcheng-may' },
      },
    });
    expect(check(root, ['campaigns/may.json']).errors).toMatchObject([
      { file: 'campaigns/may.json', line: 6, path: 'activity.code', code: 'unknown-activity' },
    ]);
  });

  it("shows the activity's own errors when only the page is checked", () => {
    const root = makeProject({
      'server/activities/tongcheng-apr.json': activity('tongcheng-apr', { title: '' }),
      'campaigns/apr.json': page([]),
    });
    const result = check(root, ['campaigns/apr.json']);
    expect(result.files).toBe(2);
    expect(result.errors).toMatchObject([
      { file: 'server/activities/tongcheng-apr.json', path: 'title', code: 'schema' },
    ]);
  });
});

describe('an activity file through the same CLI', () => {
  it('checks one activity file given on the command line, and only it', () => {
    const root = withApril({
      'server/activities/broken.json': '{\n  "id": 1,\n}',
      'campaigns/apr.json': page([], { activity: { code: 'gone' } }),
    });
    const result = check(root, ['server/activities/tongcheng-apr.json']);
    expect(result).toMatchObject({ status: 0, files: 1, errors: [] });
  });

  it('checks every activity and every page with no argument, errors located in the file', () => {
    const root = withApril({
      'server/activities/broken.json': '{\n  "id": 1,\n}',
      'campaigns/apr.json': page([]),
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.files).toBe(3);
    expect(result.errors).toMatchObject([
      { file: 'server/activities/broken.json', line: 2, column: 10, code: 'json' },
    ]);
  });

  it('locates schema errors, unknown keys and server rules at their values', () => {
    const bad = activity('tongcheng-apr', {
      window: { start: '2026-05-01T00:00:00+08:00', end: '2026-04-01T00:00:00+08:00' },
      prizes: [
        { prizeId: 'p-a', name: 'A', type: 'coupon', stock: 1, weight: '10', couponId: 'c-x' },
        { prizeId: 'p-a', name: 'B', type: 'goldRice', stock: 1, weight: 1, stok: 2 },
      ],
    });
    const root = makeProject({ 'server/activities/tongcheng-apr.json': bad });
    const errors = check(root).errors;
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      ['window.end', 'date-range'],
      ['prizes[0].weight', 'schema'],
      ['prizes[1].stok', 'unknown-property'],
    ]);
    expect(errors[1]?.message).toBe('expected a number without quotes: 10, not "10"');
    expect(errors[2]?.message).toContain('did you mean "stock"?');
    // Once the schema holds, the server's own rules are located too.
    const fixed = activity('tongcheng-apr', {
      prizes: [
        { prizeId: 'p-a', name: 'A', type: 'coupon', stock: 1, weight: 10, couponId: 'c-x' },
        { prizeId: 'p-a', name: 'B', type: 'goldRice', stock: 1, weight: 1 },
      ],
      draw: { fallbackPrizeId: 'p-none' },
    });
    writeFileSync(
      join(root, 'server/activities/tongcheng-apr.json'),
      JSON.stringify(fixed, null, 2),
    );
    expect(check(root).errors.map((e) => [e.path, e.code])).toEqual([
      ['prizes', 'activity-rule'],
      ['prizes[0].couponId', 'unknown-coupon'],
      ['prizes[1].prizeId', 'duplicate-id'],
      ['draw.fallbackPrizeId', 'unknown-prize'],
    ]);
  });

  it('says in plain words what to write for a malformed date, id or number (issue 34)', () => {
    const bad = activity('tongcheng-apr', {
      window: { start: '2026-04-01 00:00', end: '2026-05-01T00:00:00+08:00' },
      prizes: [
        { prizeId: 'p a', name: 'A', type: 'coupon', stock: -1, weight: 2.5 },
        { prizeId: 'p-thanks', name: '谢谢', type: 'thanks', stock: null, weight: 1 },
      ],
    });
    const root = makeProject({ 'server/activities/tongcheng-apr.json': bad });
    const messages = Object.fromEntries(check(root).errors.map((e) => [e.path, e.message]));
    expect(messages).toEqual({
      'window.start':
        '"2026-04-01 00:00" is not a date and time with its offset, such as "2026-04-01T00:00:00+08:00": write it in that form',
      'prizes[0].prizeId':
        'an id is 1 to 64 letters, digits, "_" or "-", without spaces: write it like "p-hotel"',
      'prizes[0].stock': '-1 is too small: write 0 or more',
      'prizes[0].weight': 'expected a whole number, got 2.5',
    });
    expect(Object.values(messages).join('\n')).not.toMatch(/Invalid|Too small|expected int/);
  });

  it('reports a file whose name is not its activityCode (the server would refuse to start)', () => {
    const root = makeProject({ 'server/activities/apr.json': activity('tongcheng-apr') });
    expect(check(root).errors).toMatchObject([
      { path: 'activityCode', code: 'activity-file-name' },
    ]);
  });

  it('names a missing activity file with a suggestion, and refuses other extensions', () => {
    const root = withApril({ 'server/activities/notes.txt': 'x' });
    expect(check(root, ['server/activities/tongcheng-arp.json']).errors).toMatchObject([
      { code: 'not-found', message: expect.stringContaining('tongcheng-apr.json') as string },
    ]);
    expect(check(root, ['server/activities/notes.txt']).errors).toMatchObject([
      { code: 'not-json' },
    ]);
  });

  it('warns about a wrong $schema and --fix corrects it', () => {
    const root = makeProject({
      'server/activities/tongcheng-apr.json': activity('tongcheng-apr', {
        $schema: '../schemas/activity.schema.json',
      }),
    });
    expect(check(root).warnings).toMatchObject([{ path: '$schema', code: 'schema-path' }]);
    check(root, ['--fix']);
    const fixed = JSON.parse(
      readFileSync(join(root, 'server/activities/tongcheng-apr.json'), 'utf8'),
    ) as Json;
    expect(fixed.$schema).toBe('../../schemas/activity.schema.json');
    expect(check(root).all).toEqual([]);
  });
});

describe('where the activities are', () => {
  it('--activities names another folder', () => {
    const root = makeProject({
      'elsewhere/tongcheng-apr.json': activity('tongcheng-apr'),
      'campaigns/apr.json': page([board(['p-hotel', 'p-thanks'])]),
    });
    expect(check(root).errors).toMatchObject([{ code: 'unknown-activity' }]);
    expect(check(root, ['--activities', 'elsewhere'])).toMatchObject({ status: 0, files: 2 });
  });

  it('checks a campaigns folder with no activities beside it without the activity checks', () => {
    const root = makeProject({ 'campaigns/apr.json': page([board(['p-hotel', 'p-thanks'])]) });
    const other = mkdtempSync(join(tmpdir(), 'copy-'));
    mkdirSync(join(other, 'campaigns'));
    writeFileSync(
      join(other, 'campaigns', 'apr.json'),
      readFileSync(join(root, 'campaigns', 'apr.json')),
    );
    expect(check(root, ['--campaigns', join(other, 'campaigns')])).toMatchObject({
      status: 0,
      files: 1,
    });
  });
});

describe("the validator and the server's loader agree on activity files", () => {
  const base = activity('tongcheng-apr');
  const mutants: [string, Json][] = [
    ['valid', base],
    ['no title', { ...base, title: undefined }],
    [
      'window reversed',
      { ...base, window: { start: '2026-05-01T00:00:00+08:00', end: '2026-04-01T00:00:00+08:00' } },
    ],
    [
      'window without offset',
      { ...base, window: { start: '2026-04-01T00:00:00', end: '2026-05-01T00:00:00+08:00' } },
    ],
    ['no thanks prize', { ...base, prizes: [(base.prizes as Json[])[0]] }],
    ['unknown coupon of a prize', { ...base, coupons: [] }],
    ['duplicate task', { ...base, tasks: [...(base.tasks as Json[]), ...(base.tasks as Json[])] }],
    [
      'duplicate vote option',
      {
        ...base,
        vote: {
          options: [
            { optionId: 'a', title: 'A' },
            { optionId: 'a', title: 'B' },
          ],
        },
      },
    ],
    ['unknown key', { ...base, prize: [] }],
    ['bad enum', { ...base, tasks: [{ ...(base.tasks as Json[])[0], period: 'monthly' }] }],
  ];
  it.each(mutants)('%s', (_name, config) => {
    const bytes = new TextEncoder().encode(JSON.stringify(config, null, 2));
    const entry = compileActivityBytes('tongcheng-apr.json', 'x.json', bytes);
    const validatorRefuses = entry.diagnostics.some(isError);
    let serverRefuses = false;
    try {
      parseActivity(JSON.parse(JSON.stringify(config)), 'x.json');
    } catch {
      serverRefuses = true;
    }
    expect(validatorRefuses, JSON.stringify(entry.diagnostics)).toBe(serverRefuses);
  });
});
