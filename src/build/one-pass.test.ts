import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openProject } from './campaign-context';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A campaigns/ folder with the project's activities beside it, holding `files`. */
function project(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'one-pass-'));
  mkdirSync(join(dir, 'campaigns'));
  mkdirSync(join(dir, 'server'));
  symlinkSync(join(root, 'server', 'activities'), join(dir, 'server', 'activities'));
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(dir, 'campaigns', name), text);
  return openProject(join(dir, 'campaigns'));
}

// One mistake a line, so each one's line is known.
const FIVE_MISTAKES = `{
  "version": 2,
  "title": "five mistakes",
  "activity": { "code": "demo-luckdraw" },
  "body": [
    { "type": "button", "props": { "label": "a", "colour": "#fff" } },
    { "type": "button", "props": { "label": "b", "variant": "huge" } },
    { "type": "button", "props": { "label": "c" }, "on": { "click": [{ "type": "openDialog", "dialog": "rules" }] } },
    { "type": "countdown", "props": { "activityCode": "demo-luckdrw" } },
    { "type": "button", "props": { "label": "e", "color": "#12" } }
  ]
}
`;

describe('every error of a file in one pass (issue 34)', () => {
  it('reports schema and cross-reference mistakes together, each where it is written', () => {
    const { diagnostics, document } = project({ 'five.json': FIVE_MISTAKES }).compile('five.json');
    expect(document).toBeUndefined();
    const where = diagnostics.map((d) => `${d.file}:${d.line} ${d.path} ${d.code}`);
    expect(where).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/five\.json:6 body\[0\]\.props\.colour unknown-property$/),
        expect.stringMatching(/five\.json:7 body\[1\]\.props\.variant schema$/),
        expect.stringMatching(/five\.json:8 body\[2\]\.on\.click\[0\]\.dialog unknown-dialog$/),
        expect.stringMatching(/five\.json:9 body\[3\]\.props\.activityCode \S+$/),
        expect.stringMatching(/five\.json:10 body\[4\]\.props\.color schema$/),
      ]),
    );
    expect(diagnostics).toHaveLength(5);
    // In plain words, with what to write.
    expect(diagnostics[1]?.message).toBe(
      '"huge" is not allowed here: write one of "primary", "secondary", "text"',
    );
    for (const d of diagnostics) expect(d.column).toBeGreaterThan(1);
  });

  it('does not report a reference to a node left out for its own schema error', () => {
    const page = {
      version: 2,
      title: 't',
      body: [
        {
          type: 'button',
          props: { label: 'go' },
          on: { click: [{ type: 'scrollTo', node: 'x' }] },
        },
        { type: 'button', id: 'x', props: { variant: 'huge' } },
      ],
    };
    const { diagnostics } = project({ 'p.json': JSON.stringify(page, null, 1) }).compile('p.json');
    expect(diagnostics.map((d) => d.code)).not.toContain('unknown-node');
    expect(diagnostics.length).toBeGreaterThan(0);
  });
});
