import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProject } from './campaign-context';
import type { Diagnostic } from './diagnostic';
import { formatDiagnostic } from './diagnostic';
import { validateCampaigns } from './validate-campaigns';

/** A throwaway campaigns/ folder with the given files. */
function project(files: Record<string, string | object>) {
  const dir = mkdtempSync(join(tmpdir(), 'campaigns-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(
      join(dir, path),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    );
  }
  return openProject(dir);
}

function errors(files: Record<string, string | object>): Diagnostic[] {
  return validateCampaigns(project(files)).diagnostics;
}

const page = (body: unknown[], extra: object = {}) => ({ version: 2, title: 'T', body, ...extra });
const text = (id: string) => ({ type: 'rich-text', id, props: { content: ['x'] } });

describe('validator: one bad file per error kind', () => {
  it('accepts every document in campaigns/', () => {
    const report = validateCampaigns(openProject());
    expect(report.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(report.files).toBeGreaterThan(5);
  });

  it('locates a JSON syntax error', () => {
    const [d] = errors({ 'a.json': '{\n  "version": 2,\n  "title": "x",\n}' });
    // At the trailing comma itself, not at the brace after it.
    expect(d).toMatchObject({ file: 'campaigns/a.json', line: 3, column: 15, code: 'json' });
    expect(d?.message).toMatch(/remove the comma/);
  });

  it('reports an unknown widget type with did-you-mean', () => {
    const [d] = errors({ 'a.json': page([{ type: 'imgae-list', props: {} }]) });
    expect(d).toMatchObject({ path: 'body[0].type', code: 'unknown-widget' });
    expect(d?.message).toBe('unknown widget type "imgae-list"; did you mean "image-list"?');
    expect(d?.line).toBe(6);
  });

  it('reports an unknown prop with did-you-mean, at the key', () => {
    const [d] = errors({
      'a.json': page([{ type: 'button', props: { label: 'x', colr: 'red' } }]),
    });
    expect(d).toMatchObject({ path: 'body[0].props.colr', code: 'unknown-property' });
    expect(d?.message).toContain('did you mean "color"?');
  });

  it('reports an unknown action type with did-you-mean', () => {
    const [d] = errors({
      'a.json': page([
        {
          type: 'button',
          props: { label: 'x' },
          on: { click: [{ type: 'opendialog', dialog: 'x' }] },
        },
      ]),
    });
    expect(d).toMatchObject({ path: 'body[0].on.click[0].type', code: 'unknown-action' });
    expect(d?.message).toContain('did you mean "openDialog"?');
  });

  it('reports an event the widget does not emit and children on a leaf widget', () => {
    const found = errors({
      'a.json': page([
        { ...text('t'), on: { click: [] } },
        { ...text('u'), children: [] },
      ]),
    });
    expect(found.map((d) => d.path)).toEqual(['body[0].on', 'body[1].children']);
  });

  it('reports a wrong value with the expected form', () => {
    const [d] = errors({
      'a.json': page([
        {
          type: 'image-list',
          props: { images: [{ src: 'javascript:alert(1)', width: 1, height: 1 }] },
        },
      ]),
    });
    expect(d).toMatchObject({ path: 'body[0].props.images[0].src' });
    expect(d?.message).toMatch(/https:\/\//);
  });

  it('reports a missing required property', () => {
    const [d] = errors({ 'a.json': { version: 2, body: [] } });
    expect(d).toMatchObject({ path: 'title', message: 'missing required property "title"' });
  });

  it('reports duplicate node ids', () => {
    const [d] = errors({ 'a.json': page([text('same'), text('same')]) });
    expect(d).toMatchObject({ path: 'body[1].id', code: 'duplicate-id' });
  });

  it('reports actions pointing at dialogs or nodes that do not exist', () => {
    const button = (action: object) => ({
      type: 'button',
      props: { label: 'x' },
      on: { click: [action] },
    });
    const found = errors({
      'a.json': page(
        [
          text('rules'),
          button({ type: 'openDialog', dialog: 'rulez' }),
          button({ type: 'scrollTo', node: 'rulez' }),
        ],
        {
          dialogs: [{ id: 'rules-dialog', body: [text('inner')] }],
        },
      ),
    });
    expect(found.map((d) => d.code)).toEqual(['unknown-dialog', 'unknown-node']);
    expect(found[1]?.message).toContain('did you mean "rules"?');
  });

  it('reports unknown api names, with did-you-mean', () => {
    const [d] = errors({
      'a.json': page([
        {
          type: 'button',
          props: { label: 'x' },
          on: { click: [{ type: 'api', call: 'generalActivity.luckDrew' }] },
        },
      ]),
    });
    expect(d).toMatchObject({ code: 'unknown-api', path: 'body[0].on.click[0].call' });
    expect(d?.message).toContain('"generalActivity.luckDraw"');
  });

  it('reports internal links to routes that do not exist', () => {
    const [d] = errors({
      'a.json': page([
        { type: 'button', props: { label: 'x' }, on: { click: [{ type: 'navigate', to: '/b' }] } },
      ]),
      'c.json': page([text('c')]),
    });
    expect(d).toMatchObject({ code: 'unknown-route' });
  });

  it("checks a template's {{page.route}} and {{page.parentRoute}} links on each page extending it", () => {
    const link = (to: string) => ({
      type: 'button',
      props: { label: 'x' },
      on: { click: [{ type: 'navigate', to }] },
    });
    const files = {
      '_t/sub.json': page([link('{{page.route}}/detail'), link('{{page.parentRoute}}')]),
      'season.json': page([text('s')]),
      'season/phone.json': { version: 2, extends: '_t/sub' },
      'season/phone/detail.json': page([text('d')]),
    };
    expect(errors(files)).toEqual([]);
    const found = errors({ ...files, 'other/phone.json': { version: 2, extends: '_t/sub' } });
    // Located where the link is written (the template), naming the page it fails for.
    expect(found.map((d) => [d.file, d.code, d.message.match(/"(\/[^"]*)"/)?.[1]])).toEqual([
      ['campaigns/_t/sub.json', 'unknown-route', '/other/phone/detail'],
      ['campaigns/_t/sub.json', 'unknown-route', '/other'],
    ]);
    expect(found[0]?.message).toContain('on the page /other/phone');
  });

  it('accepts {{data.<source>Error}}, the message of a failed data source', () => {
    const doc = page([text('a')], { data: { s: { call: 'generalActivity.getRemainChance' } } });
    const when = (path: string) => ({ ...doc, body: [{ ...text('a'), when: { data: { path } } }] });
    expect(errors({ 'a.json': when('data.sError') })).toEqual([]);
    expect(errors({ 'a.json': when('data.tError') })[0]).toMatchObject({ code: 'binding' });
  });

  it('reports a missing template and an extends cycle', () => {
    expect(errors({ 'a.json': { version: 2, extends: '_t/none', title: 'x' } })[0]).toMatchObject({
      code: 'missing-template',
      path: 'extends',
    });
    const cycle = errors({
      'a.json': { version: 2, extends: 'b' },
      'b.json': { version: 2, extends: 'a' },
    });
    expect(cycle.some((d) => d.code === 'extends-cycle')).toBe(true);
  });

  it('locates an error from a template override in the file that wrote it', () => {
    const found = errors({
      '_t/base.json': page([{ type: 'button', id: 'go', props: { label: 'x' } }]),
      'child.json': { version: 2, extends: '_t/base', body: [{ id: 'go', props: { lable: 'y' } }] },
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'campaigns/child.json', path: 'body[0].props.lable' });
  });

  it('locates errors of a page that extends a template in the page, through merged ids', () => {
    const template = page([
      text('banner'),
      { type: 'button', id: 'claim', props: { label: 'x' } },
      text('rules'),
    ]);
    // The page names "rules" first and "claim" second: merged they are body[2] and body[1].
    const child = [
      '{',
      '  "version": 2,',
      '  "extends": "_templates/t",',
      '  "body": [',
      '    { "id": "rules", "props": { "content": ["ok"] } },',
      '    { "id": "claim", "props": { "label": 5 } },',
      '    { "id": "new", "type": "buton", "props": {} },',
      '    { "id": "banner", "props": { "colr": "red" } }',
      '  ]',
      '}',
    ].join('\n');
    const found = errors({ '_templates/t.json': template, 'child.json': child });
    const inChild = found.filter((d) => d.file === 'campaigns/child.json');
    expect(found.filter((d) => d.file !== 'campaigns/child.json')).toEqual([]);
    // Paths as written in the page, not in the merged document.
    expect(inChild.map((d) => [d.path, d.line, d.column])).toEqual([
      ['body[1].props.label', 6, 33],
      ['body[2].type', 7, 20],
      ['body[3].props.colr', 8, 34],
    ]);
  });

  it('reports route collisions', () => {
    const found = errors({
      'contract.json': page([text('a')]),
      'contract/index.json': page([text('b')]),
    });
    expect(found.map((d) => d.code)).toContain('route-collision');
  });

  it('refuses a file outside campaigns/ and says what to do', () => {
    const draft = join(mkdtempSync(join(tmpdir(), 'draft-')), 'draft.json');
    writeFileSync(draft, JSON.stringify(page([text('a')])));
    const report = validateCampaigns(project({ 'a.json': page([text('a')]) }), [draft]);
    expect(report.diagnostics).toHaveLength(1);
    expect(report.diagnostics[0]?.code).toBe('not-campaign');
    expect(report.diagnostics[0]?.message).toMatch(/copy it into campaigns\//);
  });

  it('reports a version from the future or a missing one with what to do', () => {
    expect(errors({ 'a.json': { title: 'x', body: [] } })[0]?.message).toMatch(/add "version": 2/);
    expect(errors({ 'a.json': { version: 7, title: 'x', body: [] } })[0]?.code).toBe('version');
  });

  it('migrates old documents before validating them', () => {
    expect(
      errors({
        'a.json': {
          version: 1,
          title: 'x',
          share: { isShare: true, desc: 'd' },
          body: [text('a')],
        },
      }),
    ).toEqual([]);
  });
});
