import { Component, Suspense, use, useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useServices } from '../../services/context';
import { CHUNK_LOAD_ERROR_NAME } from '../../spec/constants';
import {
  classifyChunkError,
  reloadOnceForChunkError,
  type ChunkRecovery,
} from '../chunks/chunk-errors';
import { conditionContext } from '../conditions/condition-context';
import { CampaignPage } from '../page/campaign-page';
import type { DocumentCache } from './document-cache';
import { DocumentNotFoundError } from './fetched-documents';
import { landingLocation, type LandingName } from '../../contracts/site/landing-alias';
import { redirects } from './lazy-redirect';
import { normalizeRoutePath } from '../../contracts/site/route-table';
import { ChunkErrorScreen, NotFoundScreen, PageSkeleton } from './route-screens';

function LoadedRoute({ cache, route }: { cache: DocumentCache; route: string }) {
  const services = useServices();
  const doc = use(cache.load(route));
  if (doc.landing) return <LandingAlias landing={doc.landing} />;
  if (doc.redirect) {
    // Loaded with the document (document-needs.ts); else the route waits for it.
    const loaded = redirects.peek();
    if (!loaded) throw redirects.get();
    const to = loaded.redirectTarget(doc.redirect, conditionContext(services, {}));
    return <Navigate to={to} replace />;
  }
  return <CampaignPage key={route} document={doc} />;
}

/** A route that stands for a landing page outside the app (landing-alias.ts): one full load there. */
function LandingAlias({ landing }: { landing: LandingName }) {
  const services = useServices();
  const { search } = useLocation();
  useEffect(() => {
    services.navigation.replace(landingLocation(landing, search));
  }, [services, landing, search]);
  return <PageSkeleton />;
}

interface BoundaryProps {
  onChunkError: (error: unknown) => ChunkRecovery;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  code: string | null;
  recovery: ChunkRecovery | null;
}

/** The code of a route whose document the server does not have: the 404 screen, not an error. */
const NOT_FOUND = 'NOT_FOUND';

/** Page-level boundary: chunk failures reload once (when online), then show a recoverable screen. */
class RouteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { code: null, recovery: null };

  static getDerivedStateFromError(error: unknown) {
    if (error instanceof DocumentNotFoundError) return { code: NOT_FOUND };
    return { code: classifyChunkError(error)?.code ?? 'PAGE_ERROR' };
  }

  override componentDidCatch(error: unknown): void {
    if (error instanceof DocumentNotFoundError) return;
    this.setState({ recovery: this.props.onChunkError(error) });
  }

  override render() {
    if (this.state.code === NOT_FOUND) return <NotFoundScreen />;
    if (this.state.code) {
      return (
        <ChunkErrorScreen
          code={this.state.code}
          offline={this.state.recovery === 'waiting-for-network'}
          onRetry={() => {
            this.setState({ code: null, recovery: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/** Resolves the current URL to its campaign document (file-based routes under /mp/activity/). */
export function CampaignRoute({ cache }: { cache: DocumentCache }) {
  const services = useServices();
  const location = useLocation();
  const route = normalizeRoutePath(location.pathname);
  const handlers = useMemo(
    () => ({
      onChunkError: (error: unknown) => {
        const chunk = classifyChunkError(error);
        services.logger.report(error, { route, kind: chunk?.code ?? CHUNK_LOAD_ERROR_NAME });
        return chunk ? reloadOnceForChunkError(services) : 'gave-up';
      },
      // Offline, a reload ends on the browser's error page: wait for the network instead.
      onRetry: () => {
        if (services.navigation.isOnline()) services.navigation.reload();
        else services.navigation.onceOnline(() => services.navigation.reload());
      },
    }),
    [services, route],
  );
  if (!cache.has(route)) return <NotFoundScreen />;
  return (
    <RouteBoundary key={route} {...handlers}>
      <Suspense fallback={<PageSkeleton />}>
        <LoadedRoute cache={cache} route={route} />
      </Suspense>
    </RouteBoundary>
  );
}
