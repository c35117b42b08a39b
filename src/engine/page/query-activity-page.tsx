import { lazy, Suspense, type ReactNode } from 'react';
import type { CampaignDocument } from '../document/types';
import type { QueryActivity } from '../document/query-activity';
import { useHydrated } from '../prerender/hydration';

// Reading the id and the "unknown" screen: fetched once the page has hydrated, by the pages with
// an `activityByQuery` mapping only (one route; every other page would pay for it in the app).
const ResolvedQueryActivity = lazy(() =>
  import('./query-activity-resolve').then((module) => ({ default: module.ResolvedQueryActivity })),
);

/**
 * A page bound to the activity its query names (document `activityByQuery`, issue 32; the
 * reading: ./query-activity-resolve.tsx). While a prerendered page hydrates, the build's view has
 * no query: a loading screen, never the "unknown" message, is what the HTML shows.
 */
export interface QueryActivityProps {
  document: CampaignDocument;
  mapping: QueryActivity;
  /** The page for the activity the query names. */
  children: (resolved: CampaignDocument, code: string) => ReactNode;
}

export function QueryActivityPage({ document: doc, mapping, children }: QueryActivityProps) {
  const hydrated = useHydrated();
  const loading = (
    <main
      className="ce-screen ce-screen--loading"
      aria-busy="true"
      aria-label="加载中"
      data-route={doc.route}
    />
  );
  // One element around every state, kept from the prerendered HTML through hydration to the
  // visitor's page (nothing painted is rebuilt): the page waits here for its activity.
  return (
    <div className="ce-activity-gate" data-gate="activity">
      {hydrated ? (
        <Suspense fallback={loading}>
          <ResolvedQueryActivity document={doc} mapping={mapping}>
            {children}
          </ResolvedQueryActivity>
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
