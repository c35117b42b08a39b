import {
  lazy,
  Suspense,
  type ComponentType,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useServices } from '../../services/context';
import type { Action } from '../actions/action-schema';
import { actionRuntime, type ActionRuntimeModule } from '../actions/lazy-action-runtime';
import { conditionContext } from '../conditions/condition-context';
import { conditionHolds } from '../conditions/lazy-conditions';
import { faultKind, type FaultKind } from '../data/fault';
import { useApi } from '../data/use-api';
import type { CampaignDocument } from '../document/types';
import { useRootFontSize } from '../layout/use-root-font-size';
import { useHydrated } from '../prerender/hydration';
import { resolveLayout } from '../layout/root-font-size';
import { useWidgetRegistry } from '../registry/widget-registry';
import { useFirstLoad } from '../render/first-load';
import { NodeList } from '../render/node-view';
import { PageContext, type PageContextValue } from '../render/page-context';
import { ACTIVITY_INFO_CALL, activityInfoParams, normalizeActivity } from './activity-config';
import { LiveSwitchContext, useLiveSwitchList } from './live-switches';
import { RequirementGate } from './requirement-gate';
import { ACTION_LOAD_FAILED, actionFailureText, explainsSource } from './page-faults';
import { pageInfoOf } from './page-info';
import { QueryActivityPage } from './query-activity-page';
import { usePageData } from './use-page-data';
import { UI_COPY } from '../../ui/copy';
import { LoadError } from '../../ui/load-error';

/** The widgets' calls in SWR's cache (src/engine/data/use-api.ts keys them ['api', name, params]). */
const isApiKey = (key: unknown) => Array.isArray(key) && key[0] === 'api';

// Dialogs open only through actions, so their component comes with the action runtime.
const PageDialog = lazy(() =>
  actionRuntime.get().then((runtime) => ({ default: runtime.PageDialog })),
);

/** What the page knows of its activity (spec §7): the info call's answer, its failure, a retry. */
interface ActivityInfo {
  activity: Record<string, unknown> | null;
  error: unknown;
  retry: () => void;
}

/** A page bound to no activity: no call, nothing to retry. */
const NO_ACTIVITY: ActivityInfo = { activity: null, error: undefined, retry: () => undefined };

interface PageProps {
  document: CampaignDocument;
  info: ActivityInfo;
}

/**
 * One campaign page: its scope, data, dialogs and actions, around the node tree. It asks for its
 * activity's info and loads its data sources only when its document has them: each is an SWR
 * hook (state, a store subscription, and on its first use SWR's code to compile), which every
 * page paid before its first render even with nothing to load (docs/perf.md, render cost).
 * Whether a document has them never changes for a mounted page; each case is a component of its
 * own all the same, so a document that gained one would remount rather than change its hooks.
 */
export function CampaignPage({ document: doc }: { document: CampaignDocument }) {
  if (doc.activityByQuery) {
    return (
      <QueryActivityPage document={doc} mapping={doc.activityByQuery}>
        {(resolved, code) => <BoundPage key={code} document={resolved} />}
      </QueryActivityPage>
    );
  }
  return <BoundPage document={doc} />;
}

/** A page whose activity (if any) is known: its info call, then the page. */
function BoundPage({ document: doc }: { document: CampaignDocument }) {
  const params = useMemo(() => activityInfoParams(doc), [doc]);
  const Page = doc.data ? PageWithSources : PageWithoutSources;
  return params ? (
    <ActivityPage document={doc} params={params} Page={Page} />
  ) : (
    <Page document={doc} info={NO_ACTIVITY} />
  );
}

/** spec §7: the activity-info call of a page bound to an activity, then the page. */
function ActivityPage({
  document: doc,
  params,
  Page,
}: {
  document: CampaignDocument;
  params: Record<string, unknown>;
  Page: ComponentType<PageProps>;
}) {
  const { data, error, mutate } = useApi(ACTIVITY_INFO_CALL, params);
  const activity = useMemo(() => normalizeActivity(data?.result), [data]);
  const retry = useCallback(() => void mutate(), [mutate]);
  const info = useMemo(() => ({ activity, error, retry }), [activity, error, retry]);
  return <Page document={doc} info={info} />;
}

/** A document without data sources: nothing to load, nothing to reload. */
const NO_PAGE_DATA: ReturnType<typeof usePageData> = {
  data: {},
  faults: {},
  isLoading: false,
  reload: () => Promise.resolve(false),
};
const useNoPageData: typeof usePageData = () => NO_PAGE_DATA;

/** The page component whose data sources load through `usePageSources`. */
function pageWith(usePageSources: typeof usePageData) {
  return function Page({ document: doc, info }: PageProps) {
    const services = useServices();
    const registry = useWidgetRegistry();
    const routerNavigate = useNavigate();
    const { mutate } = useSWRConfig();
    const [state, setStateMap] = useState<Record<string, unknown>>(() => ({
      ...(doc.state ?? {}),
    }));
    // Actions read state they just set (saveAs then onSuccess), before React re-renders: keep the
    // latest state in a ref that setState updates synchronously.
    const stateRef = useRef(state);
    const [openDialogs, setOpenDialogs] = useState<string[]>([]);
    const layout = resolveLayout(doc.route, doc.layout);
    useRootFontSize(layout);

    // The widget chunks the page may render start loading (when: src/engine/render/first-load.tsx).
    const firstLoad = useFirstLoad();
    useEffect(
      () => firstLoad.pageShown(doc, registry, services.clock),
      [firstLoad, doc, registry, services.clock],
    );

    useEffect(() => {
      globalThis.document.title = doc.title;
    }, [doc.title]);

    const { activity } = info;

    const query = useMemo(
      () => Object.fromEntries(services.navigation.query()),
      [services.navigation],
    );
    const pageInfo = useMemo(() => pageInfoOf(doc), [doc]);
    const baseScope = useMemo(
      () => ({ state, activity, query, env: services.env, page: pageInfo }),
      [state, activity, query, services.env, pageInfo],
    );
    // A data source loads only when its `when` holds (e.g. user calls only for logged-in
    // visitors: a 401 would start the login flow for everyone else).
    const sources = useMemo(() => {
      if (!doc.data) return undefined;
      const context = conditionContext(services, baseScope);
      return Object.fromEntries(
        Object.entries(doc.data).filter(
          ([, source]) => !source.when || conditionHolds(source.when, context),
        ),
      );
    }, [doc.data, services, baseScope]);
    const pageData = usePageSources(doc.route, sources, baseScope);
    const reloadPageData = pageData.reload;
    const scope = useMemo(
      () => ({ ...baseScope, data: pageData.data }),
      [baseScope, pageData.data],
    );
    const scopeRef = useRef(scope);
    useEffect(() => {
      scopeRef.current = scope;
    }, [scope]);

    // Read lazily: only a `when` pays for the cookies and the address (condition-context.ts).
    const conditions = useMemo(() => conditionContext(services, scope), [services, scope]);

    const run = useCallback(
      async (actions: readonly Action[], event?: Record<string, unknown>) => {
        let runtime: ActionRuntimeModule;
        try {
          // Already loaded: no await here, so the first action runs inside the tap.
          runtime = actionRuntime.peek() ?? (await actionRuntime.get());
        } catch (error) {
          services.logger.report(error, { route: doc.route, kind: 'action runtime' });
          services.ui.toast({ text: ACTION_LOAD_FAILED });
          return;
        }
        try {
          await runtime.dispatch(actions, {
            services,
            scope: () => ({
              ...scopeRef.current,
              state: stateRef.current,
              ...(event ? { event } : {}),
            }),
            setState: (key, value) => {
              stateRef.current = { ...stateRef.current, [key]: value };
              setStateMap(stateRef.current);
            },
            openDialog: (id) =>
              setOpenDialogs((list) => (list.includes(id) ? list : [...list, id])),
            closeDialog: (id) =>
              setOpenDialogs((list) =>
                id ? list.filter((item) => item !== id) : list.slice(0, -1),
              ),
            navigate: (to, options) => runtime.navigate(to, options, { services, routerNavigate }),
            scrollTo: (nodeId) =>
              globalThis.document
                .querySelector(`[data-node-id="${CSS.escape(nodeId)}"]`)
                ?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
            refresh: async (calls) => {
              if (!calls) {
                // Page data sources re-read the widget calls once they answer (use-page-data.ts);
                // a page without sources re-reads them directly.
                if (!(await reloadPageData())) await mutate(isApiKey);
                return;
              }
              const sourcesUse = Object.values(doc.data ?? {}).some((s) => calls.includes(s.call));
              await Promise.all([
                mutate(
                  (key) => Array.isArray(key) && key[0] === 'api' && calls.includes(String(key[1])),
                ),
                sourcesUse ? reloadPageData() : null,
              ]);
            },
          });
        } catch (error) {
          services.logger.report(error, { route: doc.route });
          services.ui.toast({ text: actionFailureText(error) });
        }
      },
      [services, routerNavigate, doc.route, doc.data, mutate, reloadPageData],
    );

    // onLoad runs for the real visitor: not in the pass that hydrates prerendered HTML, whose
    // services still answer as the build saw them (logged out, plain browser).
    const hydrated = useHydrated();
    // What operators switched off (issue 34): asked after hydration, so never before first paint.
    const switches = useLiveSwitchList(hydrated);
    const ranOnLoad = useRef(false);
    useEffect(() => {
      if (!hydrated || ranOnLoad.current || !doc.onLoad) return;
      ranOnLoad.current = true;
      void run(doc.onLoad);
    }, [hydrated, doc.onLoad, run]);

    const page = useMemo<PageContextValue>(
      () => ({ document: doc, scope, conditionContext: conditions, run }),
      [doc, scope, conditions, run],
    );
    // A change of the page's scope (data arriving, state set) reaches the nodes as a deferred,
    // interruptible render: the urgent one (SWR's store updates are synchronous) only re-renders
    // this component, since the body below is the same element, and the nodes follow in slices
    // between which the browser stays responsive (issue 10, total blocking time).
    const deferredPage = useDeferredValue(page);
    const body = useMemo(
      () => (
        <LiveSwitchContext.Provider value={switches}>
          <RequirementGate document={doc}>
            <NodeList nodes={doc.body ?? []} path="body" />
          </RequirementGate>
        </LiveSwitchContext.Provider>
      ),
      [doc, switches],
    );
    const paused = doc.activity ? switches.activityPaused(doc.activity.code) : false;

    // The activity's info or a data source the document does not explain failed with a fault of
    // the network or the server: a load error with a retry at the top, never a page that reads as
    // "no data" (issue 19). Widgets' own calls have theirs (src/engine/data/fault-scope.ts).
    const activityFault = info.error ? faultKind(info.error) : null;
    const sourceFault = Object.entries(pageData.faults).find(
      ([name]) => !explainsSource(doc, name),
    )?.[1];
    const pageFault: FaultKind | null = activityFault ?? sourceFault ?? null;
    const retryActivity = info.retry;
    const retryPage = useCallback(() => {
      retryActivity();
      void reloadPageData();
    }, [retryActivity, reloadPageData]);

    const dialogs = (doc.dialogs ?? []).filter((dialog) => openDialogs.includes(dialog.id));
    return (
      <PageContext.Provider value={deferredPage}>
        <main
          className="ce-page"
          style={{
            maxWidth: `${layout.maxWidth}px`,
            // The document's light tint; the dark theme keeps its own surface (src/app/global.css).
            ...(doc.layout?.background ? { '--ce-page-bg': doc.layout.background } : {}),
          }}
          data-route={doc.route}
        >
          {pageFault ? (
            <LoadError text={UI_COPY.fault[pageFault]} onRetry={retryPage} compact />
          ) : null}
          {paused ? (
            <p className="ce-node-fallback" role="status" data-page-paused="">
              {UI_COPY.paused}
            </p>
          ) : null}
          {body}
          {doc.floatReserve ? (
            // The safe zone of the page's docked floating widgets (src/engine/layout/float-dock.ts):
            // at the end of the page, no content is under them.
            <div
              className="ce-float-reserve"
              aria-hidden="true"
              style={{ height: `${doc.floatReserve}px` }}
            />
          ) : null}
        </main>
        {dialogs.length > 0 ? (
          <LiveSwitchContext.Provider value={switches}>
            <Suspense fallback={null}>
              {dialogs.map((dialog) => (
                <PageDialog
                  key={dialog.id}
                  dialog={dialog}
                  onClose={() =>
                    setOpenDialogs((list) => list.filter((item) => item !== dialog.id))
                  }
                />
              ))}
            </Suspense>
          </LiveSwitchContext.Provider>
        ) : null}
      </PageContext.Provider>
    );
  };
}

const PageWithSources = pageWith(usePageData);
const PageWithoutSources = pageWith(useNoPageData);
