import type { ApiClient } from '../../services/types';
import { preloadApi } from '../../engine/data/use-api';
import { ACTIVITY_INFO_CALL, activityInfoParams } from '../../engine/page/activity-config';
import type { WidgetRegistry } from '../../engine/registry/widget-registry';
import type { DocumentCache } from '../../engine/routes/document-cache';
import { NOTHING_WAITS, type AppFirstLoad } from './first-load';

/**
 * Loads what the first render of a route needs before React renders it: the document, then the
 * chunks of the widgets it mounts at once, while the page's activity-info call starts. React then
 * renders the page in one pass. Rendered first and left to suspend, the page would commit its
 * skeleton, and React holds back each Suspense reveal until 300 ms after the last fallback showed:
 * one such wait for the document and one for the widgets (docs/perf.md, runtime).
 * Never rejects: a failure surfaces where the page renders (the route's or the widget's boundary).
 */
export async function prepareFirstRender(
  route: string | null,
  deps: {
    documents: DocumentCache;
    registry: WidgetRegistry;
    api: ApiClient;
    /** The page's first load (what waits below a prerendered first screen); none waits if unset. */
    firstLoad?: AppFirstLoad;
  },
): Promise<void> {
  if (route === null || !deps.documents.has(route)) return;
  try {
    const doc = await deps.documents.load(route);
    if (doc.redirect || doc.landing) return;
    const activity = activityInfoParams(doc);
    if (activity) preloadApi(deps.api, ACTIVITY_INFO_CALL, activity);
    await (deps.firstLoad ?? NOTHING_WAITS).preload(doc, deps.registry);
  } catch {
    // The document did not load: the route's boundary shows it (reload once, then retry screen).
  }
}
