import { Suspense } from 'react';
import { Skeleton, type FirstLoad } from '../../src/engine/render/first-load';

const nothing = () => undefined;

/**
 * The plain first load, for tests of the engine and of widgets: chunks load as nodes render; each
 * node shows a skeleton until its own has. (The app's, src/app/first-load/, loads ahead.)
 */
export const PLAIN_FIRST_LOAD: FirstLoad = {
  pageShown(doc, registry) {
    registry.needParts(doc.widgetParts);
    return nothing;
  },
  node: (_nodeId, type, registry) => ({
    markup: null,
    widget(_meta, element) {
      const Widget = registry.component(type);
      return Widget ? <Suspense fallback={<Skeleton />}>{element(Widget)}</Suspense> : null;
    },
    mounted: () => undefined,
  }),
};
