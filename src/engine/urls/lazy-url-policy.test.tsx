import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WIDGET_URL_PROPS } from '../../../widgets/url-props.generated';
import { createFakeServices } from '../../../tests/support/fake-services';
import type { CampaignDocument, RenderNode } from '../document/types';
import { DocumentCache } from '../routes/document-cache';
import { renderPage } from '../../../tests/support/render-page';
import { markBoundUrls, urlPropsIn } from './bound-url-paths';
import { urlPolicy } from './lazy-url-policy';

const OWN = 'https://m.example.cn';

/** A document as the compiler writes it (its marking: ./bound-url-paths.server.test.ts). */
function documentOf(nodes: RenderNode[]): CampaignDocument {
  const { nodes: body, binds } = markBoundUrls(nodes, urlPropsIn(WIDGET_URL_PROPS));
  const types = [...new Set(body.map((node) => node.type))];
  return {
    version: 2,
    title: 'page',
    route: '/page',
    widgetTypes: types,
    initialWidgetTypes: types,
    body,
    ...(binds ? { bindsUrls: true } : {}),
  } as CampaignDocument;
}

/** A document cache over one document, and how often it asked for the policy's chunk. */
function cacheOf(doc: CampaignDocument) {
  const asked = vi.spyOn(urlPolicy, 'get');
  asked.mockClear();
  const cache = new DocumentCache(
    { has: () => true, get: () => () => Promise.resolve({ default: doc }) },
    createFakeServices().clock,
  );
  return { cache, asked };
}

const image = (src: string) => ({ src, alt: '', width: 10, height: 10 });

describe('the URL policy loads only with documents that bind a URL prop (decision 0028)', () => {
  it('a document without bound URL props does not load the policy', async () => {
    const doc = documentOf([
      { type: 'button', props: { label: '{{query.t}}', image: image('/mp/a.png') } },
      { type: 'rich-text', props: { title: '{{query.t}}', content: ['x'] } },
    ]);
    expect(doc.bindsUrls).toBeUndefined();
    const { cache, asked } = cacheOf(doc);
    await expect(cache.load('/page')).resolves.toBe(doc);
    expect(asked).not.toHaveBeenCalled();
  });

  it('a document that binds one has the policy before it resolves, and its page checks the value', async () => {
    const doc = documentOf([
      { type: 'button', id: 'b', props: { label: 'go', image: image('/{{query.u}}') } },
    ]);
    const { cache, asked } = cacheOf(doc);
    await expect(cache.load('/page')).resolves.toBe(doc);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(urlPolicy.peek()).toBeDefined();

    const render = (u: string) =>
      renderPage(doc.body!, {
        document: doc,
        services: createFakeServices({
          href: `${OWN}/mp/activity/page?u=${encodeURIComponent(u)}`,
        }),
      });
    // A value the policy accepts reaches the widget (the check is not vacuous)...
    const safe = render('mp/a.png');
    await waitFor(() =>
      expect(safe.container.querySelector('[data-node-id="b"] img')).not.toBeNull(),
    );
    expect(safe.container.querySelector('[data-node-id="b"] img')?.getAttribute('src')).toBe(
      '/mp/a.png',
    );
    safe.unmount();
    // ...and "/{{query.u}}" with "/evil.example/x.png" (//evil.example, issue 19) does not.
    const hostile = render('/evil.example/x.png');
    await waitFor(() =>
      expect(hostile.container.querySelector('[data-node-id="b"] button')).not.toBeNull(),
    );
    // The refused value is left out: the widget got no src.
    expect(
      hostile.container.querySelector('[data-node-id="b"] img')?.getAttribute('src') ?? null,
    ).toBeNull();
    expect(hostile.container.innerHTML).not.toContain('evil.example');
  });
});
