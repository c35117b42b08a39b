import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryActivityCode } from '../engine/document/query-activity';
import { runValidateCli } from './validate-cli';

/**
 * Issue 32: /luckdrawPage?id=173 (spec §2 /goldCloseBy) draws for the activity an operator maps
 * the id to, in the document. A bad mapping is a located error; an id outside it resolves to
 * nothing (the page then shows its "unknown activity" message).
 */

type Json = Record<string, unknown>;

const activity = (code: string): Json => ({
  id: 1,
  activityCode: code,
  title: '抽奖',
  window: { start: '2026-01-01T00:00:00+08:00', end: '2030-01-01T00:00:00+08:00' },
  prizes: [{ prizeId: 'p-thanks', name: '谢谢参与', type: 'thanks', stock: null, weight: 1 }],
});

const page = (activityByQuery: unknown, extra: Json = {}): Json => ({
  version: 2,
  title: 'T',
  activityByQuery,
  body: [{ type: 'lucky-draw', props: {} }],
  ...extra,
});

function check(files: Record<string, Json>) {
  const root = mkdtempSync(join(tmpdir(), 'query-activity-'));
  mkdirSync(join(root, 'schemas'));
  for (const name of ['campaign', 'campaign-override', 'activity'])
    writeFileSync(join(root, 'schemas', `${name}.schema.json`), '{}');
  const all = { 'server/activities/draw-a.json': activity('draw-a'), ...files };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), JSON.stringify(content, null, 2));
  }
  let stdout = '';
  runValidateCli(['--format', 'json'], {
    root,
    cwd: root,
    stdout: (text) => (stdout += text),
    stderr: () => undefined,
    writeFile: (path, content) => writeFileSync(path, content),
  });
  const report = JSON.parse(stdout) as {
    errors: { file: string; line: number; path: string; message: string; code: string }[];
  };
  return report.errors;
}

describe('activityByQuery: the id → activity mapping of a page', () => {
  it('accepts a mapping whose codes are activities', () => {
    expect(check({ 'campaigns/p.json': page({ activities: { '173': 'draw-a' } }) })).toEqual([]);
  });

  it('reports a code without an activity file at its id, with its line', () => {
    const [error, ...rest] = check({
      'campaigns/p.json': page({ activities: { '173': 'draw-a', '345': 'draw-b' } }),
    });
    expect(rest).toEqual([]);
    expect(error).toMatchObject({
      file: 'campaigns/p.json',
      path: 'activityByQuery.activities["345"]',
      line: 7,
      code: 'unknown-activity',
    });
    expect(error?.message).toContain('did you mean "draw-a"?');
  });

  it('reports an id or a code of the wrong shape, and an empty mapping, where they are', () => {
    const errors = check({
      'campaigns/bad-id.json': page({ activities: { 'a b': 'draw-a' } }),
      'campaigns/bad-code.json': page({ activities: { '173': '../draw' } }),
      'campaigns/empty.json': page({ activities: {} }),
    });
    const byFile = new Map(errors.map((e) => [e.file, e]));
    expect(byFile.get('campaigns/bad-id.json')?.path).toMatch(/^activityByQuery\.activities/);
    expect(byFile.get('campaigns/bad-code.json')).toMatchObject({
      path: 'activityByQuery.activities["173"]',
    });
    expect(byFile.get('campaigns/bad-code.json')?.message).toContain('activity code');
    expect(byFile.get('campaigns/empty.json')).toMatchObject({
      path: 'activityByQuery.activities',
    });
    expect(byFile.get('campaigns/empty.json')?.message).toContain('at least one id');
  });

  it('refuses a page bound both ways', () => {
    const [error] = check({
      'campaigns/p.json': page({ activities: { '1': 'draw-a' } }, { activity: { code: 'draw-a' } }),
    });
    expect(error).toMatchObject({ path: 'activityByQuery' });
    expect(error?.message).toContain('not both');
  });
});

describe('queryActivityCode', () => {
  const mapping = { activities: { '173': 'gold-close-by', '345': 'gold-close-by-m' } };

  it('resolves a mapped id, and nothing else', () => {
    expect(queryActivityCode(mapping, '173')).toBe('gold-close-by');
    expect(queryActivityCode(mapping, '345')).toBe('gold-close-by-m');
    expect(queryActivityCode(mapping, '999')).toBeNull();
    expect(queryActivityCode(mapping, null)).toBeNull();
    expect(queryActivityCode(mapping, ' 173')).toBeNull();
  });

  it('never resolves an inherited name (a __proto__ id is not in the mapping)', () => {
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(queryActivityCode(mapping, id)).toBeNull();
  });

  it.skipIf(!CORPORA)(
    'resolves no hostile value of the shared XSS and open-redirect corpora',
    () => {
      const corpora = (['xss', 'open-redirect'] as const).flatMap((name) => corpusLines(name));
      expect(corpora.length).toBeGreaterThan(10);
      for (const value of corpora) expect(queryActivityCode(mapping, value)).toBeNull();
    },
  );
});

/** Real hostile inputs (the shared corpora, SOURCES.md there), read by path at run time. */
const CORPORA = [
  join(process.cwd(), '../shared/corpora'),
  join(process.cwd(), '../../shared/corpora'),
].find((dir) => existsSync(dir));

function corpusLines(name: 'xss' | 'open-redirect'): string[] {
  if (!CORPORA) return [];
  if (name === 'xss')
    return (
      JSON.parse(readFileSync(join(CORPORA, 'xss/payloads.json'), 'utf8')) as unknown[]
    ).filter((p): p is string => typeof p === 'string');
  return readFileSync(join(CORPORA, 'redirect/payloads.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
}
