import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProject } from '../../build/campaign-context';
import { isError } from '../../build/diagnostic';
import type { CampaignDocument, RenderNode } from '../document/types';

/** Compiles a page body with the real compiler, as the build does. */
function compile(body: unknown[]): CampaignDocument {
  const dir = mkdtempSync(join(tmpdir(), 'bound-urls-'));
  writeFileSync(join(dir, 'page.json'), JSON.stringify({ version: 2, title: 'page', body }));
  const { document, diagnostics } = openProject(dir).compile('page.json');
  expect(diagnostics.filter(isError)).toEqual([]);
  return document!;
}

const image = (src: string) => ({ src, alt: '', width: 10, height: 10 });

describe('the compiler marks the URL props a binding fills in (decision 0028)', () => {
  it('marks the URL positions a binding fills in, and only those', () => {
    const doc = compile([
      { type: 'button', id: 'b', props: { label: '{{query.t}}', image: image('/{{query.u}}') } },
      {
        type: 'container',
        id: 'c',
        props: { backgroundImage: '/mp/a.png' },
        children: [{ type: 'image-list', id: 'i', props: { images: [image('{{query.u}}')] } }],
      },
      { type: 'button', id: 'plain', props: { label: '{{query.t}}', image: image('/mp/a.png') } },
    ]);
    const [button, container, plain] = doc.body as RenderNode[];
    expect(doc.bindsUrls).toBe(true);
    expect(button?.boundUrls).toEqual([{ kind: 'image', path: ['image', 'src'] }]);
    expect(container?.boundUrls).toBeUndefined();
    expect(container?.children?.[0]?.boundUrls).toEqual([
      { kind: 'image', path: ['images', '*', 'src'] },
    ]);
    // Bound text beside a literal URL: the validator checked the URL, nothing to load.
    expect(plain?.boundUrls).toBeUndefined();
  });

  it('leaves a document whose bindings fill in no URL prop unmarked', () => {
    const doc = compile([
      { type: 'button', props: { label: '{{query.t}}', image: image('/mp/a.png') } },
      { type: 'rich-text', props: { title: '{{query.t}}', content: ['x'] } },
    ]);
    expect(doc.bindsUrls).toBeUndefined();
    expect((doc.body ?? []).some((node) => node.boundUrls)).toBe(false);
  });

  it('marks nodes in dialogs too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bound-urls-'));
    const dialog = {
      id: 'd',
      body: [{ type: 'container', id: 'c', props: { backgroundImage: '{{query.u}}' } }],
    };
    writeFileSync(
      join(dir, 'page.json'),
      JSON.stringify({ version: 2, title: 'page', body: [], dialogs: [dialog] }),
    );
    const { document, diagnostics } = openProject(dir).compile('page.json');
    expect(diagnostics.filter(isError)).toEqual([]);
    expect(document?.bindsUrls).toBe(true);
    expect(document?.dialogs?.[0]?.body[0]?.boundUrls).toEqual([
      { kind: 'image', path: ['backgroundImage'] },
    ]);
  });
});
