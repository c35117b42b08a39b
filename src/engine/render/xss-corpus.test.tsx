import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { isSafeUrl } from '../document/safe-url';
import { renderPage } from '../../../tests/support/render-page';

// Real XSS payloads nobody here wrote (../shared/corpora/SOURCES.md), read at run time.
const CORPUS = join(process.cwd(), '../shared/corpora/xss/payloads.json');
const payloads: string[] = existsSync(CORPUS)
  ? (JSON.parse(readFileSync(CORPUS, 'utf8')) as string[])
  : [];

describe.skipIf(payloads.length === 0)(
  'hostile text from the URL and the server stays text',
  () => {
    it('renders every corpus payload bound into a page as plain text, with no element or handler injected', async () => {
      // One page with every payload bound from page state; React escapes what bindings produce.
      const services = createFakeServices();
      const nodes = payloads.map((_, index) => ({
        type: 'rich-text',
        id: `p${index}`,
        props: { content: [`{{state.p${index}}}`] },
      }));
      const state = Object.fromEntries(payloads.map((payload, index) => [`p${index}`, payload]));
      renderPage([...nodes, { type: 'rich-text', id: 'last', props: { content: ['结束'] } }], {
        services,
        document: { state },
      });
      // Two thousand nodes in jsdom: a busy shared machine takes well over 10 s; this is a wait,
      // not a speed check (those live in npm run bench:runtime).
      await screen.findByText('结束', {}, { timeout: 45_000 });
      const root = document.body;
      expect(
        root.querySelectorAll('script, svg, iframe, object, embed, img, a, form, input, style')
          .length,
      ).toBe(0);
      const withHandlers = [...root.querySelectorAll('*')].filter((el) =>
        [...el.attributes].some((attribute) => attribute.name.toLowerCase().startsWith('on')),
      );
      expect(withHandlers).toEqual([]);
      const texts = [...root.querySelectorAll('.w-rich-text p')].map((p) => p.textContent);
      for (const payload of payloads.slice(0, 50)) expect(texts).toContain(payload);
    }, 60_000);

    it('never accepts a corpus payload as an image or link address', () => {
      const accepted = payloads.filter((payload) => isSafeUrl(payload));
      for (const url of accepted) {
        expect(url.startsWith('https://') || (url.startsWith('/') && !url.startsWith('//'))).toBe(
          true,
        );
        expect(url).not.toMatch(/["'<>\s()\\]/);
      }
    });
  },
);
