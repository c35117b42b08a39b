import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useServices } from '../../services/context';
import { createFakeServices } from '../../../tests/support/fake-services';
import { HydratingServices } from './hydration';
import { createPrerenderServices } from './prerender-services';

const snapshot = { href: 'https://prerender.invalid/mp/activity/luckDraw', now: 1000 };

function Visitor() {
  const { auth, env, clock } = useServices();
  return (
    <p>{`${auth.isLoggedIn() ? 'logged in' : 'logged out'} · ${env.host} · ${clock.now()}`}</p>
  );
}

/** Server markup in a container, then hydrated with `client` services; returns what happened. */
async function hydrate(node: (services: ReturnType<typeof createFakeServices>) => React.ReactNode) {
  const server = createPrerenderServices(snapshot);
  const container = document.createElement('div');
  container.innerHTML = renderToString(node(server as never));
  const before = container.innerHTML;
  const errors: unknown[] = [];
  const client = createFakeServices({
    loggedIn: true,
    env: { ...createFakeServices().env, host: 'finance' },
  });
  await act(async () => {
    hydrateRoot(container, node(client), { onRecoverableError: (error) => errors.push(error) });
  });
  return { before, after: container.innerHTML, errors };
}

describe('hydrating a prerendered page', () => {
  it('renders first as the build saw it (no mismatch), then as the real visitor', async () => {
    const { before, after, errors } = await hydrate((services) => (
      <HydratingServices services={services} snapshot={snapshot}>
        <Visitor />
      </HydratingServices>
    ));
    expect(before).toContain('logged out · browser · 1000');
    expect(errors).toEqual([]);
    expect(after).toContain('logged in · finance ·');
    expect(after).not.toContain('· 1000');
  });
});
