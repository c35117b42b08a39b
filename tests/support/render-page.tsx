import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { createWidgetRegistry } from '../../widgets/client';
import { WIDGET_URL_PROPS } from '../../widgets/url-props.generated';
import { createFakeServices } from './fake-services';
import { ServicesProvider } from '../../src/services/context';
import type { Services } from '../../src/services/types';
import type { CampaignDocument, RenderNode } from '../../src/engine/document/types';
import { CampaignPage } from '../../src/engine/page/campaign-page';
import { markBoundUrls, urlPropsIn } from '../../src/engine/urls/bound-url-paths';
import {
  WidgetRegistryProvider,
  type WidgetRegistry,
} from '../../src/engine/registry/widget-registry';
import { FirstLoadContext, type FirstLoad } from '../../src/engine/render/first-load';
import { PLAIN_FIRST_LOAD } from './plain-first-load';

export interface RenderPageOptions {
  services?: Services & { record?: unknown };
  registry?: WidgetRegistry;
  route?: string;
  document?: Partial<CampaignDocument>;
  /** How widget chunks load (the app's, in its own tests); the plain one by default. */
  firstLoad?: FirstLoad;
}

/**
 * Renders nodes as a campaign page with fake services (or the given ones), a fresh SWR cache
 * and the real widget registry, for component tests of widgets and the engine. Node props must
 * already be in their output form (defaults applied), as the build would produce them; nodes that
 * bind a URL-typed prop are marked for the URL policy as the compiler marks them.
 */
export function renderPage(nodes: RenderNode[], options: RenderPageOptions = {}) {
  const { nodes: body, binds } = markBoundUrls(nodes, urlPropsIn(WIDGET_URL_PROPS));
  const services = options.services ?? createFakeServices();
  const registry = options.registry ?? createWidgetRegistry();
  const route = options.route ?? '/test';
  const document: CampaignDocument = {
    version: 2,
    title: 'test',
    route,
    widgetTypes: [...new Set(body.map((node) => node.type))],
    initialWidgetTypes: [...new Set(body.map((node) => node.type))],
    body,
    ...(binds ? { bindsUrls: true } : {}),
    ...options.document,
  } as CampaignDocument;
  const result = render(
    <ServicesProvider services={services}>
      <WidgetRegistryProvider registry={registry}>
        <FirstLoadContext.Provider value={options.firstLoad ?? PLAIN_FIRST_LOAD}>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path="*" element={<CampaignPage document={document} />} />
              </Routes>
            </MemoryRouter>
          </SWRConfig>
        </FirstLoadContext.Provider>
      </WidgetRegistryProvider>
    </ServicesProvider>,
  );
  return { ...result, services };
}
