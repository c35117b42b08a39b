import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CampaignDocument } from '../engine/document/types';
import { openProject } from './campaign-context';
import { isError } from './diagnostic';

/** Compiles a page body with the real compiler, as the build does. */
function compile(body: unknown[]): CampaignDocument {
  const dir = mkdtempSync(join(tmpdir(), 'uses-conditions-'));
  writeFileSync(join(dir, 'page.json'), JSON.stringify({ version: 2, title: 'page', body }));
  const { document, diagnostics } = openProject(dir).compile('page.json');
  expect(diagnostics.filter(isError)).toEqual([]);
  return document!;
}

describe('the compiler flags the documents that need the condition evaluator (decision 0028)', () => {
  it('flags a document with a `when` for the condition evaluator, and only such a document', () => {
    const text = { type: 'rich-text', props: { content: ['x'] } };
    const when = { loggedIn: true, nfc: true };
    expect(compile([text]).usesConditions).toBeUndefined();
    expect(compile([{ ...text, when }]).usesConditions).toBe(true);
    expect(
      compile([{ type: 'container', props: {}, children: [{ ...text, when }] }]).usesConditions,
    ).toBe(true);
  });

  it('does not flag a document whose every `when` asks only the login state', () => {
    const text = { type: 'rich-text', props: { content: ['x'] } };
    const loggedIn = { ...text, when: { loggedIn: true } };
    const loggedOut = { ...text, when: { loggedIn: false } };
    expect(compile([loggedIn, loggedOut]).usesConditions).toBeUndefined();
    expect(compile([loggedIn, { ...text, when: { not: { loggedIn: true } } }]).usesConditions).toBe(
      true,
    );
  });
});
