import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useServices } from '../../services/context';
import { BASE_PATH } from '../../spec/constants';
import { queryActivityCode, type QueryActivity } from '../document/query-activity';
import type { QueryActivityProps } from './query-activity-page';

/**
 * The activity a hydrated page's query names (document `activityByQuery`, issue 32): the
 * document with `activity.code` filled from the operator's mapping, so the page, its activity
 * call and its widgets (which default to the page's code) work as on any bound page; the
 * "unknown" screen when the mapping lacks the id. Loaded by ./query-activity-page.tsx once the
 * page has hydrated: only the pages with such a mapping fetch it.
 */
export function ResolvedQueryActivity({ document: doc, mapping, children }: QueryActivityProps) {
  const services = useServices();
  // The same route with another id (a link from one draw to the other) resolves again.
  useLocation();
  const value = services.navigation.query().get(mapping.param);
  const code = queryActivityCode(mapping, value);
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
  if (resolved === null || code === null) {
    return <UnknownActivityScreen mapping={mapping} route={doc.route} />;
  }
  return children(resolved, code);
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
