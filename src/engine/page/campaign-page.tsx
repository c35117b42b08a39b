import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { validateTarget } from '../../services/deep-link/validate-target';
import { useServices } from '../../services/context';
import type { Action } from '../actions/action-schema';
import { defaultActionHandlers } from '../actions/default-handlers';
import { createDispatcher } from '../actions/dispatcher';
import type { ConditionContext } from '../conditions/evaluate';
import { useApi } from '../data/use-api';
import type { CampaignDocument } from '../document/types';
import { useRootFontSize } from '../layout/use-root-font-size';
import { resolveLayout } from '../layout/root-font-size';
import { useWidgetRegistry } from '../registry/widget-registry';
import { NodeList } from '../render/node-view';
import { PageContext, type PageContextValue } from '../render/page-context';
import { normalizeActivity } from './activity-config';
import { PageDialog } from './page-dialog';
import { RequirementGate } from './requirement-gate';
import { usePageData } from './use-page-data';

const dispatch = createDispatcher(defaultActionHandlers);

const ACTIVITY_INFO_CALL = 'configActivity.getSingleConfigActivity4c';

/** One campaign page: its scope, data, dialogs and actions, around the node tree. */
export function CampaignPage({ document: doc }: { document: CampaignDocument }) {
  const services = useServices();
  const registry = useWidgetRegistry();
  const routerNavigate = useNavigate();
  const [state, setStateMap] = useState<Record<string, unknown>>(() => ({ ...(doc.state ?? {}) }));
  // Actions read state they just set (saveAs then onSuccess), before React re-renders: keep the
  // latest state in a ref that setState updates synchronously.
  const stateRef = useRef(state);
  const [openDialogs, setOpenDialogs] = useState<string[]>([]);
  const layout = resolveLayout(doc.route, doc.layout);
  useRootFontSize(layout);

  useEffect(() => {
    registry.preload(doc.widgetTypes);
  }, [registry, doc.widgetTypes]);

  useEffect(() => {
    globalThis.document.title = doc.title;
  }, [doc.title]);

  const activityQuery = useApi(
    doc.activity ? ACTIVITY_INFO_CALL : null,
    doc.activity
      ? {
          activityCode: doc.activity.code,
          ...(doc.activity.configId ? { configId: doc.activity.configId } : {}),
        }
      : undefined,
  );
  const activity = useMemo(
    () => normalizeActivity(activityQuery.data?.result),
    [activityQuery.data],
  );

  const query = useMemo(
    () => Object.fromEntries(services.navigation.query()),
    [services.navigation],
  );
  const pageInfo = useMemo(() => ({ title: doc.title, route: doc.route, share: doc.share }), [doc]);
  const baseScope = useMemo(
    () => ({ state, activity, query, env: services.env, page: pageInfo }),
    [state, activity, query, services.env, pageInfo],
  );
  const pageData = usePageData(doc.route, doc.data, baseScope);
  const scope = useMemo(() => ({ ...baseScope, data: pageData.data }), [baseScope, pageData.data]);
  const scopeRef = useRef(scope);
  useEffect(() => {
    scopeRef.current = scope;
  }, [scope]);

  const conditionContext = useMemo<ConditionContext>(
    () => ({
      env: services.env,
      loggedIn: services.auth.isLoggedIn(),
      now: services.clock.now(),
      hostname: new URL(services.navigation.href()).hostname,
      query: services.navigation.query(),
      scope,
    }),
    [services, scope],
  );

  const navigate = useCallback(
    (to: string, options: { replace?: boolean }) => {
      if (to.startsWith('/') && !to.startsWith('//')) {
        routerNavigate(to, { replace: options.replace ?? false });
        return;
      }
      const target = validateTarget(to, {
        ownOrigin: new URL(services.navigation.href()).origin,
        allowAppSchemes: false,
      });
      if (!target.ok) {
        services.logger.report(new Error(`navigate refused: ${target.reason}`), { to });
        services.ui.toast({ text: '链接无法打开', variant: 'short' });
        return;
      }
      if (options.replace) services.navigation.replace(target.url);
      else services.navigation.assign(target.url);
    },
    [routerNavigate, services],
  );

  const run = useCallback(
    async (actions: readonly Action[], event?: Record<string, unknown>) => {
      try {
        await dispatch(actions, {
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
          openDialog: (id) => setOpenDialogs((list) => (list.includes(id) ? list : [...list, id])),
          closeDialog: (id) =>
            setOpenDialogs((list) => (id ? list.filter((item) => item !== id) : list.slice(0, -1))),
          navigate,
          scrollTo: (nodeId) =>
            globalThis.document
              .querySelector(`[data-node-id="${CSS.escape(nodeId)}"]`)
              ?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
        });
      } catch (error) {
        services.logger.report(error, { route: doc.route });
        services.ui.toast({
          text: error instanceof Error && error.message ? error.message : '操作失败，请稍后再试',
        });
      }
    },
    [services, navigate, doc.route],
  );

  const ranOnLoad = useRef(false);
  useEffect(() => {
    if (ranOnLoad.current || !doc.onLoad) return;
    ranOnLoad.current = true;
    void run(doc.onLoad);
  }, [doc.onLoad, run]);

  const page = useMemo<PageContextValue>(
    () => ({ document: doc, scope, conditionContext, run }),
    [doc, scope, conditionContext, run],
  );

  const dialogs = (doc.dialogs ?? []).filter((dialog) => openDialogs.includes(dialog.id));
  return (
    <PageContext.Provider value={page}>
      <main
        className="ce-page"
        style={{
          maxWidth: `${layout.maxWidth}px`,
          ...(doc.layout?.background ? { background: doc.layout.background } : {}),
        }}
        data-route={doc.route}
      >
        <RequirementGate document={doc}>
          <NodeList nodes={doc.body ?? []} path="body" />
        </RequirementGate>
      </main>
      {dialogs.map((dialog) => (
        <PageDialog
          key={dialog.id}
          dialog={dialog}
          onClose={() => setOpenDialogs((list) => list.filter((item) => item !== dialog.id))}
        />
      ))}
    </PageContext.Provider>
  );
}
