/**
 * Widget parts (decision 0036): a page whose nodes render with a part (a sign-in's month, an
 * image list read from the activity) prerenders without suspending, hydrates with no mismatch,
 * and renders the part for the real visitor with no fallback; the page's chunk lists name the
 * part beside its widget.
 */
import { screen } from '@testing-library/react';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openProject } from '../build/campaign-context';
import { createFakeServices } from '../../tests/support/fake-services';
import { BASE_PATH } from '../spec/constants';
import { hydratePrerendered } from '../../tests/support/hydrate-prerendered';

const NOW = Date.UTC(2026, 10, 22, 8);
const TODAY = '2026-11-22';

function partsPage() {
  const dir = mkdtempSync(join(tmpdir(), 'parts-page-'));
  writeFileSync(
    join(dir, 'parts.json'),
    JSON.stringify({
      version: 2,
      title: 'parts',
      activity: { code: 'demo' },
      body: [
        { type: 'image-list', id: 'banner', props: { source: 'activity' } },
        { type: 'sign-in', id: 'sign', props: { calendar: 'month', showHolidays: false } },
      ],
    }),
  );
  const { document: doc, diagnostics } = openProject(dir).compile('parts.json');
  if (!doc) throw new Error(JSON.stringify(diagnostics));
  return doc;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The app's modules, fresh: each test starts with no part loaded (their loaders keep them). */
async function freshApp() {
  vi.resetModules();
  const [cache, prepare, client, calendar, app, prerender] = await Promise.all([
    import('../engine/routes/document-cache'),
    import('./first-load/prepare-first-render'),
    import('../../widgets/client'),
    import('../../widgets/sign-in/sign-calendar'),
    import('./app'),
    import('./prerender-page'),
  ]);
  return {
    DocumentCache: cache.DocumentCache,
    prepareFirstRender: prepare.prepareFirstRender,
    createWidgetRegistry: client.createWidgetRegistry,
    loadMonthCalendar: calendar.loadMonthCalendar,
    BrowserApp: app.BrowserApp,
    prerenderPage: prerender.prerenderPage,
  };
}

describe('a page with widget parts', () => {
  it('prerenders: the build loads the parts before it renders (nothing suspends)', async () => {
    const { prerenderPage } = await freshApp();
    const doc = partsPage();
    const loaders = new Map([[doc.route, async () => ({ default: doc })]]);
    const page = await prerenderPage(loaders, doc.route, NOW);
    expect(page?.markup).toContain('data-widget="image-list"');
  });

  it('hydrates with no mismatch and shows the part for the real visitor at once', async () => {
    const {
      DocumentCache,
      prepareFirstRender,
      createWidgetRegistry,
      loadMonthCalendar,
      BrowserApp,
      prerenderPage,
    } = await freshApp();
    const doc = partsPage();
    expect(doc.widgetParts).toEqual(['image-list/content-html', 'sign-in/month-calendar']);
    const loaders = new Map([[doc.route, async () => ({ default: doc })]]);
    const services = createFakeServices({
      loggedIn: true,
      href: `https://m.example.test${BASE_PATH}parts`,
      apiHandler: (name) => {
        if (name === 'generalActivity.querySignIn') {
          return {
            code: 0,
            result: { signStatus: 0, signCount: 1, today: TODAY, days: [] },
          };
        }
        if (name === 'configActivity.getSingleConfigActivity4c') {
          const contentHtml = { list: [{ src: '/mp/activity/demo/a.png', alt: '活动图' }] };
          return { code: 1, result: { activityCode: 'demo', status: 'ongoing', contentHtml } };
        }
        return { code: 0, result: {} };
      },
    });
    const registry = createWidgetRegistry();
    const documents = new DocumentCache(loaders, services.clock);
    await prepareFirstRender(doc.route, { documents, registry, api: services.api });
    // Both widgets count as loaded only with their parts: the page renders them in one pass.
    expect(registry.loaded('sign-in')).toBeDefined();
    expect(registry.loaded('image-list')).toBeDefined();
    expect(loadMonthCalendar().status).toBe('fulfilled');
    // The build's page (its own loads; the parts are there already).
    const page = await prerenderPage(loaders, doc.route, NOW);
    expect(page).not.toBeNull();
    const { errors, mismatches } = await hydratePrerendered(
      doc.route,
      page!,
      { services, registry, documents },
      BrowserApp,
    );
    expect(errors).toEqual([]);
    expect(mismatches).toEqual([]);
    // The real visitor: logged in, the month calendar and the activity's image.
    expect(await screen.findByRole('table', { name: '2026年11月签到日历' })).toBeTruthy();
    expect(await screen.findByAltText('活动图')).toBeTruthy();
  });
});
