import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyProblems, GLOSSARY, SPACING_RULE } from './glossary';
import { GLOSSARY_TERMS } from './glossary-terms';

/**
 * Issue 33, one voice: every campaign document, every activity the server seeds and every default
 * copy of a widget uses the glossary's words (src/spec/glossary.ts, docs/authoring.md) and its
 * spacing rule.
 */
const root = process.cwd();

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/** Every string in a JSON value with its path, and the problems of each. */
function problemsIn(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return copyProblems(value).map((p) => `${path || '(root)'}: ${p}`);
  if (Array.isArray(value))
    return value.flatMap((item, index) => problemsIn(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      // An author's `$schema` path and the like are not copy.
      key.startsWith('$') ? [] : problemsIn(item, path ? `${path}.${key}` : key),
    );
  }
  return [];
}

const fileProblems = (file: string) =>
  problemsIn(JSON.parse(readFileSync(file, 'utf8'))).map((p) => `${relative(root, file)} ${p}`);

/** The `default` values of the generated JSON Schema: every widget's default props. */
function schemaDefaults(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) schemaDefaults(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'default') out.push(item);
      else schemaDefaults(item, out);
    }
  }
  return out;
}

/** Widget source lines with Chinese copy (comments and tests left out). */
function widgetCopyLines(): string[] {
  const files = readdirSync(join(root, 'widgets'), { recursive: true, encoding: 'utf8' }).filter(
    (name) => /\.tsx?$/.test(name) && !name.includes('.test.') && !name.includes('generated'),
  );
  return files.flatMap((name) =>
    readFileSync(join(root, 'widgets', name), 'utf8')
      .split('\n')
      .map((line, index) => ({ line, at: `widgets/${name}:${index + 1}` }))
      .filter(({ line }) => /[\u4e00-\u9fff]/.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line))
      .flatMap(({ line, at }) => copyProblems(line).map((p) => `${at}: ${p}`)),
  );
}

describe('the glossary (issue 33)', () => {
  it('names the currency 金米, as the spec names it gold rice, and a variant of each term', () => {
    const currency = GLOSSARY.find((entry) => entry.term === '金米');
    expect(currency?.not).toContain('金米粒');
    expect(currency?.meaning).toContain('spec §1');
    for (const entry of GLOSSARY) {
      expect(entry.meaning).toMatch(/spec §\d/);
      for (const variant of entry.not) expect(variant).not.toBe(entry.term);
    }
  });

  it('lists its words once more for the widgets that keep them whole on a line', () => {
    expect(GLOSSARY.map((entry) => entry.term)).toEqual([...GLOSSARY_TERMS]);
  });

  it('the spacing rule: no space between Chinese and a number or a placeholder', () => {
    expect(SPACING_RULE.test('逛积分商城 15 秒')).toBe(true);
    expect(SPACING_RULE.test('剩余抽奖机会：{n} 次')).toBe(true);
    expect(SPACING_RULE.test('打开钱包 App')).toBe(true);
    expect(SPACING_RULE.test('逛积分商城15秒')).toBe(false);
    expect(SPACING_RULE.test('剩余抽奖机会：{n}次')).toBe(false);
    expect(SPACING_RULE.test('Xiaomi 15 Ultra 新品')).toBe(false);
  });

  it('fails the off-voice fixture, at each string that strays', () => {
    expect(fileProblems(join(root, 'tests/fixtures/glossary/off-voice.json'))).toEqual([
      expect.stringMatching(/ title: "金米粒" is not the product's word: write "金米"/),
      expect.stringMatching(
        / body\[0\]\.props\.tasks\[0\]\.title: no space .*"城 1" in "逛积分商城 15 秒"/,
      ),
      expect.stringMatching(/ body\[1\]\.props\.content\[0\]: "抽奖次数" is not .* "抽奖机会"/),
    ]);
  });

  it('holds in every campaign document and every activity the server seeds', () => {
    const files = [
      ...jsonFiles(join(root, 'campaigns')),
      ...jsonFiles(join(root, 'server/activities')),
    ];
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(fileProblems)).toEqual([]);
  });

  it("holds in every widget's default props and the copy in its code", () => {
    const schema: unknown = JSON.parse(
      readFileSync(join(root, 'schemas/campaign.schema.json'), 'utf8'),
    );
    const defaults = schemaDefaults(schema);
    expect(defaults).toContain('剩余抽奖机会：{n}次');
    expect(problemsIn(defaults, 'default')).toEqual([]);
    expect(widgetCopyLines()).toEqual([]);
  });
});
