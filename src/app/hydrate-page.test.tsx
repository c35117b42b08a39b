/**
 * Issue 10: a prerendered route hydrates with no mismatch, attributes included. React's
 * production build patches no attribute and reports none, so this runs the development build
 * (vitest's) on real routes: their HTML from prerenderPage, hydrated by the browser's root
 * (BrowserApp, as main.tsx does), with a widget that uses `useId` (risk-notice: an id the server
 * wrote and the client must compute the same).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultCampaignsDir, openProject } from '../build/campaign-context';
import { listCampaignFiles } from '../build/campaign-project';
import type { CampaignDocument } from '../engine/document/types';
import { DocumentCache } from '../engine/routes/document-cache';
import { prepareFirstRender } from './first-load/prepare-first-render';
import { createFakeServices } from '../../tests/support/fake-services';
import { BASE_PATH } from '../spec/constants';
import { createWidgetRegistry } from '../../widgets/client';
import { prerenderPage } from './prerender-page';
import { hydratePrerendered } from '../../tests/support/hydrate-prerendered';

const NOW = Date.UTC(2026, 10, 22, 8);
/** Routes with a `useId` widget on them (risk-notice). */
const USE_ID_ROUTES = ['/tebon', '/installment'];
/** Those, and the heaviest campaign page. */
const ROUTES = [...USE_ID_ROUTES, '/luckDraw'];

function routeLoaders() {
  const project = openProject();
  const docs: CampaignDocument[] = [];
  for (const file of listCampaignFiles(defaultCampaignsDir)) {
    if (file.route === null || !ROUTES.includes(file.route)) continue;
    const { document: doc } = project.compile(file.relativePath);
    if (!doc) throw new Error(`${file.relativePath} does not compile`);
    docs.push(doc);
  }
  return new Map(docs.map((doc) => [doc.route, async () => ({ default: doc })]));
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('a prerendered route hydrates as the browser does it (development React)', () => {
  const loaders = routeLoaders();

  for (const route of ROUTES) {
    it(`${route}: no mismatch, no attribute React would not patch`, async () => {
      const page = await prerenderPage(loaders, route, NOW);
      expect(page).not.toBeNull();
      if (USE_ID_ROUTES.includes(route)) expect(page!.markup).toContain('aria-labelledby');
      const services = createFakeServices({
        href: `https://m.example.test${BASE_PATH}${route.slice(1)}`,
      });
      const registry = createWidgetRegistry();
      const documents = new DocumentCache(loaders, services.clock);
      await prepareFirstRender(route, { documents, registry, api: services.api });
      const { errors, mismatches } = await hydratePrerendered(route, page!, {
        services,
        registry,
        documents,
      });
      expect(errors).toEqual([]);
      expect(mismatches).toEqual([]);
    });
  }
});
