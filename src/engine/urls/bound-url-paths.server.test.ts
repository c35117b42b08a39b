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

  it("fills in a URL that binds only the page's own facts, and loads no policy for it", () => {
    const doc = compile([
      { type: 'button', id: 'own', props: { label: 'a', image: image('/mp/{{page.route}}.png') } },
      {
        type: 'container',
        id: 'c',
        props: { backgroundImage: '{{page.parentRoute}}bg.png' },
        children: [
          {
            type: 'image-list',
            id: 'i',
            props: { images: [image('/mp/{{ page.title | x }}.png'), image('/{{query.u}}')] },
          },
        ],
      },
    ]);
    const [own, container] = doc.body as RenderNode[];
    expect(own?.props).toMatchObject({ image: { src: '/mp//page.png' } });
    expect(own?.boundUrls).toBeUndefined();
    expect(container?.props).toMatchObject({ backgroundImage: '/bg.png' });
    expect(container?.boundUrls).toBeUndefined();
    // Beside a binding the build cannot know, the page's is filled in and the other one marked.
    const list = container?.children?.[0];
    expect(list?.props).toMatchObject({
      images: [{ src: '/mp/page.png' }, { src: '/{{query.u}}' }],
    });
    expect(list?.boundUrls).toEqual([{ kind: 'image', path: ['images', '*', 'src'] }]);
    expect(doc.bindsUrls).toBe(true);
  });

  it('leaves a string that mixes the page with another binding to run time', () => {
    const doc = compile([
      { type: 'button', props: { label: 'a', image: image('/{{page.route}}/{{query.u}}') } },
    ]);
    expect(doc.body?.[0]?.props).toMatchObject({ image: { src: '/{{page.route}}/{{query.u}}' } });
    expect(doc.body?.[0]?.boundUrls).toEqual([{ kind: 'image', path: ['image', 'src'] }]);
  });

  it('refuses, at the prop, a value the page makes that the policy refuses', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bound-urls-'));
    writeFileSync(
      join(dir, 'page.json'),
      JSON.stringify({
        version: 2,
        title: 'javascript:alert(1)',
        body: [{ type: 'button', props: { label: 'a', image: image('{{page.title}}') } }],
      }),
    );
    const { document, diagnostics } = openProject(dir).compile('page.json');
    expect(document).toBeUndefined();
    expect(diagnostics.filter(isError)).toMatchObject([
      { path: 'body[0].props.image.src', message: expect.stringContaining("'javascript:'") },
    ]);
  });
});
