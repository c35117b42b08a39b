import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProject } from './campaign-context';
import { formatDiagnostic } from './diagnostic';
import { OVERLAP_CHECK_WIDTHS, pageColumn } from './floating-checks';
import { FLOAT_DOCK_GAP_PX } from '../engine/layout/float-dock';

/** Issue 33: a floating widget never covers content; the validator warns an operator whose does. */
const fixtureDir = join(process.cwd(), 'tests/fixtures/floating-overlap');

function compileAt(file: string, document: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'floating-'));
  writeFileSync(join(dir, file), JSON.stringify(document, null, 2));
  return openProject(dir).compile(file);
}

const page = (...body: unknown[]) => ({ version: 2, title: '测试', body });
const text = { type: 'rich-text', props: { content: ['正文'] } };
const share = (props: Record<string, unknown>) => ({ type: 'share-entry', props });

describe('floating widgets against the layout (issue 33)', () => {
  it('warns at the widget of the failing fixture: its box covers content at 320, 375 and 414 px', () => {
    const result = openProject(fixtureDir).compile('page.json');
    expect(result.document).toBeDefined();
    const warnings = result.diagnostics.filter((d) => d.code === 'floating-overlap');
    expect(warnings).toHaveLength(1);
    const [warning] = warnings;
    expect(warning?.severity).toBe('warning');
    const source = readFileSync(join(fixtureDir, 'page.json'), 'utf8').split('\n');
    // Located at the node as written: the object that opens on its line is the share-entry.
    expect(source[(warning?.line ?? 0) - 1]?.trim()).toBe('{');
    expect(source[warning?.line ?? 0]).toContain('"type": "share-entry"');
    expect(warning?.path).toBe('body[1]');
    expect(warning?.message).toContain("covers the page's content at 320, 375 and 414 px wide");
    expect(formatDiagnostic(warning!)).toMatch(/page\.json:\d+:\d+ {2}body\[1\] {2}warning: /);
  });

  it('checks the three widths the issue names', () => {
    expect(OVERLAP_CHECK_WIDTHS).toEqual([320, 375, 414]);
  });

  it('docks by default: no warning, and the page reserves the button and its margins', () => {
    const result = compileAt('newProduct.json', page(text, share({ label: '分享', size: 64 })));
    expect(result.diagnostics).toEqual([]);
    expect(result.document?.floatReserve).toBe(64 + 2 * FLOAT_DOCK_GAP_PX);
    const none = compileAt('newProduct.json', page(text));
    expect(none.document?.floatReserve).toBeUndefined();
  });

  it('lays the box out in the page column of the spec §2 width caps', () => {
    // A 392-wide page (helpCenter) is centred at 414 px: its column is 11..403.
    expect(pageColumn(414, 392)).toEqual({ left: 11, right: 403 });
    expect(pageColumn(320, 392)).toEqual({ left: 0, right: 320 });
    const result = compileAt(
      'helpCenter.json',
      page(text, share({ label: '分享', placement: 'free', left: 300, top: 200, size: 64 })),
    );
    const messages = result.diagnostics.map((d) => `${d.code}: ${d.message}`);
    expect(messages).toEqual([
      expect.stringMatching(
        /^floating-overlap: .*covers the page's content at 320, 375 and 414 px/,
      ),
      expect.stringMatching(/^floating-off-screen: .*right edge at 320 px wide/),
    ]);
  });

  it('says a position only the activity knows cannot be checked', () => {
    const result = compileAt('page.json', page(text, share({ label: '分享', placement: 'free' })));
    expect(result.diagnostics.map((d) => d.code)).toEqual(['floating-unchecked']);
  });

  it('refuses left or top on a docked button, saying how to place it freely', () => {
    const result = compileAt('page.json', page(text, share({ label: '分享', top: 360 })));
    expect(result.document).toBeUndefined();
    expect(result.diagnostics[0]?.message).toContain('"placement": "free"');
  });

  it('warns on a second docked widget, which would sit on the first', () => {
    const result = compileAt(
      'page.json',
      page(share({ label: '分享' }), share({ label: '再分享' })),
    );
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['floating-overlap', 'body[1]'],
    ]);
  });
});
