/**
 * Every widget renders on the server (issue 10): each campaign route, and each widget type on a
 * page of its own, prerenders in plain Node, where `window`, `document` and storage do not exist,
 * with no widget failing (nothing reported) and no part left to the browser (no suspended
 * boundary). A widget that touches a browser global while rendering fails here.
 */
import { describe, expect, it } from 'vitest';
import { defaultCampaignsDir, openProject } from '../build/campaign-context';
import { listCampaignFiles } from '../build/campaign-project';
import type { CampaignDocument, RenderNode } from '../engine/document/types';
import { readSnapshot } from '../engine/prerender/prerender-snapshot';
import { widgetDefinitions } from '../../widgets/index';
import { prerenderPage } from './prerender-page';

const NOW = Date.UTC(2026, 10, 22, 8);

function compiledDocuments(): CampaignDocument[] {
  const project = openProject();
  return listCampaignFiles(defaultCampaignsDir)
    .filter((file) => file.route !== null)
    .map((file) => {
      const result = project.compile(file.relativePath);
      if (!result.document) throw new Error(`${file.relativePath} does not compile`);
      return result.document;
    });
}

function* nodesOf(nodes: readonly RenderNode[] | undefined): Generator<RenderNode> {
  for (const node of nodes ?? []) {
    yield node;
    yield* nodesOf(node.children);
  }
}

const loadersOf = (docs: readonly CampaignDocument[]) =>
  new Map(docs.map((doc) => [doc.route, async () => ({ default: doc })]));

describe('prerendering (server, no browser globals)', () => {
  const docs = compiledDocuments();

  it('runs where no browser global exists', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
  });

  for (const doc of docs) {
    it(`${doc.route} prerenders its first screen`, async () => {
      const page = await prerenderPage(loadersOf(docs), doc.route, NOW);
      // Redirects and landing aliases (/dlink) have no page of their own to prerender.
      if (doc.redirect || doc.landing) {
        expect(page).toBeNull();
        return;
      }
      expect(page).not.toBeNull();
      expect(page!.markup).toContain(`data-route="${doc.route}"`);
      expect(page!.title).toContain(doc.title.replace(/&/g, '&amp;').slice(0, 4));
      // A page for some visitors only prerenders its gate: the build's visitor is logged out,
      // in a plain browser. A page bound by its query (issue 32, activityByQuery) waits at its
      // gate for the visitor's id, which the build does not have.
      if (doc.requirements?.login || doc.requirements?.apps || doc.activityByQuery) {
        expect(page!.markup).toContain('data-gate=');
        return;
      }
      for (const node of doc.body ?? []) {
        if (node.id && node.when === undefined) {
          expect(page!.markup).toContain(`data-node-id="${node.id}"`);
        }
      }
    });
  }

  it('every widget type renders on the server, on a page of its own', async () => {
    const examples = new Map<string, { doc: CampaignDocument; node: RenderNode }>();
    for (const doc of docs) {
      for (const node of [
        ...nodesOf(doc.body),
        ...(doc.dialogs ?? []).flatMap((d) => [...nodesOf(d.body)]),
      ]) {
        if (!examples.has(node.type)) examples.set(node.type, { doc, node });
      }
    }
    const missing = widgetDefinitions
      .map((widget) => widget.type)
      .filter((type) => !examples.has(type));
    // A widget no document uses cannot be checked here: use it on a page (or a fixture).
    expect(missing).toEqual([]);
    for (const [type, { doc, node }] of examples) {
      const types = [...new Set([...nodesOf([node])].map((child) => child.type))];
      const alone: CampaignDocument = {
        ...doc,
        route: `/__widget/${type}`,
        body: [{ ...node, when: undefined } as RenderNode],
        dialogs: [],
        onLoad: undefined,
        requirements: undefined,
        initialWidgetTypes: types,
        widgetTypes: types,
      } as CampaignDocument;
      const page = await prerenderPage(loadersOf([alone]), alone.route, NOW);
      expect(page?.markup, type).toContain(`data-widget="${type}"`);
      // The page the server sends a logged-in visitor renders every widget too.
      const loggedIn = await prerenderPage(loadersOf([alone]), alone.route, NOW, {
        loggedIn: true,
      });
      expect(loggedIn?.markup, `${type}, logged in`).toContain(`data-widget="${type}"`);
    }
  });

  describe('for a visitor with the login cookies (decision 0026, amended in session 15)', () => {
    // spec §4: logged in = a user id cookie plus a service-token cookie; such a visitor has
    // accepted the invitation to log in, so the page the server sends them never repeats it.
    const LOGIN_PROMPT = /立即登录|登录后/;
    // Every route: no login button. (An operator's own copy may still say 登录后…, as
    // /repayShare's fallback for a missing invite code does; the routes are pinned below.)
    const LOGIN_BUTTON = /立即登录/;

    for (const doc of docs.filter((d) => !d.redirect && !d.landing)) {
      it(`${doc.route} prerenders with no login prompt`, async () => {
        const page = await prerenderPage(loadersOf(docs), doc.route, NOW, { loggedIn: true });
        expect(page?.markup).toContain(`data-route="${doc.route}"`);
        expect(page?.markup).not.toMatch(LOGIN_BUTTON);
        expect(page?.snapshot.loggedIn).toBe(true);
      });
    }

    it('the issue-33 routes prompt a logged-out visitor, and not a logged-in one', async () => {
      for (const route of ['/', '/newPhoneEquity', '/phoneBill']) {
        const out = await prerenderPage(loadersOf(docs), route, NOW);
        const inside = await prerenderPage(loadersOf(docs), route, NOW, { loggedIn: true });
        expect(out?.markup, route).toMatch(LOGIN_PROMPT);
        expect(inside?.markup, route).not.toMatch(LOGIN_PROMPT);
        // Nothing is invented for a user unknown at build time: the same widgets, no user id.
        for (const node of docs.find((d) => d.route === route)?.body ?? []) {
          if (node.id && node.when === undefined) {
            expect(inside?.markup, route).toContain(`data-node-id="${node.id}"`);
          }
        }
      }
    });

    it('writes loggedIn into its snapshot, which the browser reads back', async () => {
      const page = await prerenderPage(loadersOf(docs), '/phoneBill', NOW, { loggedIn: true });
      expect(page?.snapshot).toEqual({
        href: 'https://prerender.invalid/mp/activity/phoneBill',
        now: NOW,
        loggedIn: true,
      });
      const root = { getAttribute: () => JSON.stringify(page?.snapshot) } as unknown as Element;
      expect(readSnapshot(root)).toEqual(page?.snapshot);
    });
  });

  it('the 404 page prerenders', async () => {
    const page = await prerenderPage(loadersOf(docs), null, NOW);
    expect(page?.markup).toContain('data-screen="not-found"');
    expect(page?.title).toBe('<title>页面不存在</title>');
  });

  it('writes the snapshot it rendered against, which the browser reads back', async () => {
    const page = await prerenderPage(loadersOf(docs), '/luckDraw', NOW);
    expect(page?.snapshot).toEqual({
      href: 'https://prerender.invalid/mp/activity/luckDraw',
      now: NOW,
    });
    const root = { getAttribute: () => JSON.stringify(page?.snapshot) } as unknown as Element;
    expect(readSnapshot(root)).toEqual(page?.snapshot);
  });
});
