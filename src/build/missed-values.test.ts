import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openProject } from './campaign-context';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** campaigns/sub/page.json with the project's schemas/ beside campaigns/. */
function compile(page: string) {
  const dir = mkdtempSync(join(tmpdir(), 'missed-'));
  mkdirSync(join(dir, 'campaigns', 'sub'), { recursive: true });
  symlinkSync(join(root, 'schemas'), join(dir, 'schemas'));
  writeFileSync(join(dir, 'campaigns', 'sub', 'page.json'), page);
  return openProject(join(dir, 'campaigns')).compile('sub/page.json').diagnostics;
}

const BUTTON = '[{ "type": "button", "props": { "label": "a" } }]';
const page = (lines: string[], body = BUTTON) =>
  `{\n${['"version": 2', '"title": "t"', ...lines, `"body": ${body}`].join(',\n')}\n}\n`;

describe('what the validator missed (issue 34 item 6)', () => {
  it('a $schema with one ../ too many: says the path that leads to the schema', () => {
    const diagnostics = compile(page(['"$schema": "../../../schemas/campaign.schema.json"']));
    expect(diagnostics).toEqual([
      expect.objectContaining({
        line: 4,
        code: 'schema-path',
        message: expect.stringContaining('use "../../schemas/campaign.schema.json"'),
      }),
    ]);
    expect(compile(page(['"$schema": "../../schemas/campaign.schema.json"']))).toEqual([]);
  });

  it('"share": null on a page without a template', () => {
    expect(compile(page(['"share": null']))).toEqual([
      expect.objectContaining({
        line: 4,
        path: 'share',
        code: 'null',
        message: expect.stringMatching(/this file extends no template. Leave "share" out/),
      }),
    ]);
  });

  it('a colour that is no CSS colour ("reddish"), and the forms that are', () => {
    const button = (color: string) =>
      page([], `[{ "type": "button", "props": { "label": "a", "color": "${color}" } }]`);
    expect(compile(button('reddish'))).toEqual([
      expect.objectContaining({
        line: 4,
        path: 'body[0].props.color',
        message: expect.stringMatching(/CSS colour/),
      }),
    ]);
    for (const ok of [
      'red',
      'rebeccapurple',
      'transparent',
      '#ff5a00',
      'rgb(255, 90, 0)',
      'hsl(20, 100%, 50%)',
    ])
      expect(compile(button(ok)), ok).toEqual([]);
  });
});
