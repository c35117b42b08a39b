/**
 * Renders a campaign route's first screen as a visitor in a plain mobile browser sees it, logged
 * out or (the page the server sends a request with the login cookies) logged in, for the build to write into the route's HTML (src/build/prerender.ts, through
 * ./prerender-entry.ts). Data-bound parts render their loading state; the browser hydrates this
 * markup and then corrects it to the real visitor.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { resolveLayout, rootFontSizeStyle } from '../engine/layout/root-font-size';
import { headTags } from '../engine/prerender/head-tags';
import { createPrerenderServices } from '../engine/prerender/prerender-services';
import {
  NOT_FOUND_PAGE_PATH,
  PRERENDER_ORIGIN,
  type PrerenderSnapshot,
} from '../engine/prerender/prerender-snapshot';
import { DocumentCache } from '../engine/routes/document-cache';
import { NOT_FOUND_TITLE } from '../engine/routes/route-screens';
import type { RouteLoaders } from '../engine/routes/route-loaders';
import { createWidgetRegistry } from '../../widgets/client';
import { BASE_PATH } from '../spec/constants';
import { App } from './app';
import { NOTHING_WAITS } from './first-load/first-load';

export interface PrerenderedPage {
  /** The markup of #root. */
  markup: string;
  snapshot: PrerenderSnapshot;
  /** `<title>` and the link-preview meta tags. */
  title: string;
  meta: string;
  /** The root font size rule (spec §2) for `<html style>`, so the first paint is laid out right. */
  htmlStyle: string;
}

/** Markers React leaves where a boundary could not render on the server (it suspended or threw). */
const CLIENT_RENDERED_BOUNDARY = /<!--\$[!?]-->/;

function pathOf(route: string | null): string {
  return route === null ? `${BASE_PATH}${NOT_FOUND_PAGE_PATH}` : `${BASE_PATH}${route.slice(1)}`;
}

/**
 * Renders a route (null: the 404 page) for a logged-out visitor, or a logged-in one whose data
 * has not arrived (login-dependent parts show their loading state). Resolves null for a redirect document: its visitors are
 * sent on before anything paints. Rejects when a widget failed or suspended on the server, so a
 * widget that cannot prerender fails the build instead of shipping an empty screen.
 */
export async function prerenderPage(
  routeLoaders: RouteLoaders,
  route: string | null,
  now: number,
  visitor: { loggedIn: boolean } = { loggedIn: false },
): Promise<PrerenderedPage | null> {
  const path = pathOf(route);
  const snapshot: PrerenderSnapshot = {
    href: `${PRERENDER_ORIGIN}${path}`,
    now,
    ...(visitor.loggedIn ? { loggedIn: true as const } : {}),
  };
  const services = createPrerenderServices(snapshot);
  const registry = createWidgetRegistry();
  const documents = new DocumentCache(routeLoaders, services.clock);
  let head = headTags({ title: NOT_FOUND_TITLE });
  let htmlStyle = '';
  if (route !== null) {
    const doc = await documents.load(route);
    if (doc.redirect || doc.landing) return null;
    await NOTHING_WAITS.preload(doc, registry);
    head = headTags(doc);
    htmlStyle = rootFontSizeStyle(resolveLayout(doc.route, doc.layout));
  }
  const Router = ({ basename, children }: { basename: string; children: ReactNode }) => (
    <StaticRouter location={path} basename={basename}>
      {children}
    </StaticRouter>
  );
  const markup = renderToString(
    <App
      services={services}
      registry={registry}
      documents={documents}
      router={Router}
      snapshot={snapshot}
    />,
  );
  if (services.reports.length > 0) {
    const [first] = services.reports;
    throw new Error(
      `prerender ${route ?? '404'}: a widget failed on the server (${String(first?.error)} ${JSON.stringify(first?.context ?? {})})`,
    );
  }
  if (CLIENT_RENDERED_BOUNDARY.test(markup)) {
    throw new Error(`prerender ${route ?? '404'}: a part of the page suspended on the server`);
  }
  return { markup, snapshot, ...head, htmlStyle };
}
