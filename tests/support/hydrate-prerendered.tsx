/**
 * Tests that hydrate a prerendered route as the browser does (BrowserApp, as main.tsx): the
 * route's HTML in a container, hydrated in development React, which reports what differs.
 */
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { PrerenderSnapshot } from '../../src/engine/prerender/prerender-snapshot';
import type { DocumentCache } from '../../src/engine/routes/document-cache';
import type { WidgetRegistry } from '../../src/engine/registry/widget-registry';
import type { Services } from '../../src/services/types';
import { BASE_PATH } from '../../src/spec/constants';
import { BrowserApp } from '../../src/app/app';

export interface HydrationReport {
  /** What React passed to onRecoverableError (a mismatch it rendered again). */
  errors: unknown[];
  /** Console errors about hydration (an attribute React did not patch, a suspended boundary). */
  mismatches: string[];
}

/**
 * Hydrates `markup` of the page at `route` (a path below the base path, "/parts"). `App` is the
 * browser's root of the same module graph as `deps` (a test that re-imports the app passes its own).
 */
export async function hydratePrerendered(
  route: string,
  page: { markup: string; snapshot: PrerenderSnapshot },
  deps: { services: Services; registry: WidgetRegistry; documents: DocumentCache },
  App: typeof BrowserApp = BrowserApp,
): Promise<HydrationReport> {
  const container = document.createElement('div');
  container.innerHTML = page.markup;
  document.body.append(container);
  const Router = ({ basename, children }: { basename: string; children: ReactNode }) => (
    <MemoryRouter initialEntries={[`${BASE_PATH}${route.slice(1)}`]} basename={basename}>
      {children}
    </MemoryRouter>
  );
  const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <App {...deps} router={Router} snapshot={page.snapshot} />, {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  const mismatches = consoleErrors.mock.calls
    .map((call) => call.map(String).join(' '))
    .filter((text) => /hydrat|didn't match|suspended/i.test(text));
  return { errors, mismatches };
}
