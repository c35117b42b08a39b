import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openProject } from './campaign-context';

const campaigns = fileURLToPath(new URL('../../campaigns', import.meta.url));

/** A campaigns/ folder with the Tongcheng template and one page extending it. */
function compilePage(page: string) {
  const dir = mkdtempSync(join(tmpdir(), 'override-'));
  mkdirSync(join(dir, '_templates'));
  cpSync(
    join(campaigns, '_templates', 'tongcheng.json'),
    join(dir, '_templates', 'tongcheng.json'),
  );
  writeFileSync(join(dir, 'page.json'), page);
  return openProject(dir).compile('page.json').diagnostics;
}

const head = '{\n  "version": 2,\n  "extends": "_templates/tongcheng",\n  "title": "t",\n';

describe('an override is checked against its template, its mistakes located in it (issue 34)', () => {
  it('says that no block of the template has an unknown id, with the closest one', () => {
    const diagnostics = compilePage(
      `${head}  "body": [{ "id": "clam", "props": { "label": "x" } }]\n}\n`,
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: 'campaigns/page.json',
        line: 5,
        path: 'body[0].id',
        code: 'unknown-override-id',
        message: expect.stringMatching(
          /no block of the template "_templates\/tongcheng" has the id "clam"; did you mean "claim"\?.*banner, intro/,
        ),
      }),
    ]);
  });

  it('puts what a null breaks in the template at the null, in the page', () => {
    const diagnostics = compilePage(`${head}  "data": null\n}\n`);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: 'campaigns/page.json',
        line: 5,
        path: 'data',
        code: 'override-removes-used',
        message: expect.stringMatching(
          /^"data": null removes what the template still uses .* and 8 more\)/,
        ),
      }),
    ]);
  });

  it('warns about a null for a setting the template does not have', () => {
    const diagnostics = compilePage(`${head}  "share": null\n}\n`);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        line: 5,
        path: 'share',
        code: 'null',
        severity: 'warning',
        message: expect.stringMatching(/^"share": null removes nothing/),
      }),
    ]);
  });

  it('still reports a new block without a type, and accepts a template block changed', () => {
    const typeless = compilePage(
      `${head}  "body": [{ "id": "fresh", "type": "buton", "props": {} }]\n}\n`,
    );
    expect(typeless.map((d) => d.code)).toContain('unknown-widget');
    expect(
      compilePage(`${head}  "body": [{ "id": "claim", "props": { "label": "x" } }]\n}\n`),
    ).toEqual([]);
  });
});
