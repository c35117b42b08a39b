import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydratingServices } from '../../engine/prerender/hydration';
import { createPrerenderServices } from '../../engine/prerender/prerender-services';
import { createFakeServices } from '../../../tests/support/fake-services';
import type { Services } from '../../services/types';
import { ClientOnly } from './client-only';

const snapshot = { href: 'https://prerender.invalid/mp/activity/luckDraw', now: 1000 };

/** Server markup in a container, then hydrated with the browser's services. */
async function hydrate(node: (services: Services) => ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(node(createPrerenderServices(snapshot)));
  const before = container.innerHTML;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, node(createFakeServices()), {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  return { before, after: container.innerHTML, errors };
}

describe('a widget prerendered as a placeholder', () => {
  it('a client-only widget is a box of its height on the server, itself once hydrated', async () => {
    const { before, after, errors } = await hydrate((services) => (
      <HydratingServices services={services} snapshot={snapshot}>
        <ClientOnly placeholderRem={2.4}>
          <b>widget</b>
        </ClientOnly>
      </HydratingServices>
    ));
    expect(before).toContain('data-placeholder="prerender"');
    expect(before).toContain('height:2.4rem');
    expect(before).not.toContain('widget');
    expect(errors).toEqual([]);
    expect(after).toBe('<b>widget</b>');
  });
});
