import { useMemo, useState } from 'react';
import { bindProps } from '../../src/engine/bindings/interpolate';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, linkActions } from '../_campaign-kit/activity';
import { dataStates, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { rowsFromAnswer, rowsFromItems, type Row } from './items';
import type { DataListProps } from './schema';
import './data-list.css';

/** The server answers at most this many items to a `limit` (draw-history.ts and friends). */
const MAX_LIMIT = 100;
const ROW_HEIGHT = 72;

export default function DataList({ props, emit }: WidgetComponentProps<DataListProps>) {
  const page = usePage();
  const { auth } = useServices();
  const { source } = props;
  const loggedIn = auth.isLoggedIn();
  const [pages, setPages] = useState(1);
  const shown = props.pageSize * pages;
  const limit = Math.min(shown, MAX_LIMIT);
  const blocked = source?.requiresLogin === true && !loggedIn;
  const params = source
    ? {
        activityCode: activityCodeOf(page, props.activityCode),
        // Values may read the page ({{query.id}}, {{data.profile.id}}), like an api action's.
        ...bindProps(source.params, page.scope),
        ...(source.paging === 'limit' ? { limit } : {}),
      }
    : undefined;
  // A call about the visitor is never sent logged out: its 401 would start the login flow unasked.
  const query = useApi(source && !blocked ? source.call : null, params, { keepPreviousData: true });
  const rows = useMemo(
    () => (source ? rowsFromAnswer(query.data, source) : rowsFromItems(props.items ?? [])),
    [query.data, source, props.items],
  );
  const skeletonHeight = ROW_HEIGHT * Math.min(props.pageSize, 4);

  const open = (row: Row) => {
    const actions = linkActions(row.link);
    if (actions.length === 0) return;
    void emit('select', { id: row.key });
    void page.run(actions);
  };

  const state = source
    ? dataStates({
        loggedOut: blocked ? (
          <LoginPrompt
            text={props.loginText}
            buttonText={props.loginButtonText}
            minHeight={ROW_HEIGHT}
          />
        ) : undefined,
        call: query,
        errorText: props.errorText,
        errorMinHeight: skeletonHeight,
        loading: <Skeleton height={skeletonHeight} />,
      })
    : null;
  let body;
  if (state !== null) body = state;
  else if (rows.length === 0) {
    body = <Notice minHeight={ROW_HEIGHT}>{props.emptyText}</Notice>;
  } else {
    const visible = rows.slice(0, shown);
    // Paged by the call: a full page may have more behind it. Otherwise the rest is already here.
    const hasMore =
      source?.paging === 'limit' ? rows.length >= limit && limit < MAX_LIMIT : rows.length > shown;
    const accent = props.accentColor;
    body = (
      <>
        <ol className={`w-data-list__list w-data-list__list--${props.layout}`}>
          {visible.map((row, index) => {
            const linked = linkActions(row.link).length > 0;
            const content = (
              <>
                {props.layout === 'rank' ? (
                  <span className="w-data-list__rank" aria-hidden="true">
                    {index + 1}
                  </span>
                ) : null}
                {row.image ? (
                  <img
                    className="w-data-list__image"
                    src={row.image}
                    alt=""
                    width={props.layout === 'grid' ? 150 : 56}
                    height={props.layout === 'grid' ? 150 : 56}
                    loading="lazy"
                  />
                ) : null}
                <span className="w-data-list__text">
                  <span className="w-data-list__title">{row.title}</span>
                  {row.subtitle ? (
                    <span className="w-data-list__subtitle">{row.subtitle}</span>
                  ) : null}
                </span>
                {row.badge ? (
                  <span
                    className="w-data-list__badge"
                    style={accent ? { color: accent, borderColor: accent } : undefined}
                  >
                    {row.badge}
                  </span>
                ) : null}
              </>
            );
            return (
              <li key={row.key} className="w-data-list__item">
                {linked && !row.actionText ? (
                  <button type="button" className="w-data-list__row" onClick={() => open(row)}>
                    {content}
                  </button>
                ) : (
                  <div className="w-data-list__row">
                    {content}
                    {linked ? (
                      <button
                        type="button"
                        className="w-data-list__action"
                        aria-label={`${row.actionText}：${row.title}`}
                        style={accent ? { background: accent } : undefined}
                        onClick={() => open(row)}
                      >
                        {row.actionText}
                      </button>
                    ) : null}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
        {hasMore ? (
          <button
            type="button"
            className="w-data-list__more"
            disabled={query.isValidating}
            aria-busy={query.isValidating}
            onClick={() => setPages((n) => n + 1)}
          >
            {props.moreText}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section className="w-data-list" aria-label={props.title || undefined}>
      {props.title ? <h2 className="w-data-list__heading">{props.title}</h2> : null}
      {body}
    </section>
  );
}
