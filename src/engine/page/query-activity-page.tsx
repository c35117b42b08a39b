import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useServices } from '../../services/context';
import { BASE_PATH } from '../../spec/constants';
import type { CampaignDocument } from '../document/types';
import { queryActivityCode, type QueryActivity } from '../document/query-activity';
import { useHydrated } from '../prerender/hydration';

/**
 * A page bound to the activity its query names (document `activityByQuery`, issue 32): the
 * document with `activity.code` filled from the operator's mapping, so the page, its activity
 * call and its widgets (which default to the page's code) work as on any bound page. While a
 * prerendered page hydrates, the build's view has no query: a loading screen, never the
 * "unknown" message, is what the HTML shows.
 */
export function QueryActivityPage({
  document: doc,
  mapping,
  children,
}: {
  document: CampaignDocument;
  mapping: QueryActivity;
  children: (resolved: CampaignDocument, code: string) => ReactNode;
}) {
  const services = useServices();
  const hydrated = useHydrated();
  // The same route with another id (a link from one draw to the other) resolves again.
  useLocation();
  const value = hydrated ? services.navigation.query().get(mapping.param) : undefined;
  const code = value === undefined ? undefined : queryActivityCode(mapping, value);
  const resolved = useMemo(() => (code ? { ...doc, activity: { code } } : null), [doc, code]);
  useEffect(() => {
    if (code !== null) return;
    // An operator wants to know a link carries an id the mapping lacks (a typo in a campaign).
    services.logger.info('unknown activity id', {
      route: doc.route,
      param: mapping.param,
      // Bounded: the address is the visitor's, not ours.
      value: (value ?? '').slice(0, 64),
    });
  }, [code, services, doc.route, mapping.param, value]);
  // One element around every state, kept from the prerendered HTML through hydration to the
  // visitor's page (nothing painted is rebuilt): the page waits here for its activity.
  return (
    <div className="ce-activity-gate" data-gate="activity">
      {code === undefined ? (
        <main
          className="ce-screen ce-screen--loading"
          aria-busy="true"
          aria-label="加载中"
          data-route={doc.route}
        />
      ) : resolved === null || code === null ? (
        <UnknownActivityScreen mapping={mapping} route={doc.route} />
      ) : (
        children(resolved, code)
      )}
    </div>
  );
}

function UnknownActivityScreen({ mapping, route }: { mapping: QueryActivity; route: string }) {
  const navigate = useNavigate();
  const { title, text, actionText, target } = mapping.unknown;
  return (
    <main className="ce-screen" data-screen="unknown-activity" data-route={route}>
      <h1 className="ce-screen__title">{title}</h1>
      <p className="ce-screen__text" role="status">
        {text}
      </p>
      <a
        className="ce-screen__button"
        href={`${BASE_PATH.replace(/\/$/, '')}${target}`}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          navigate(target);
        }}
      >
        {actionText}
      </a>
    </main>
  );
}
