import { useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import { dataStates } from '../_campaign-kit/states';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { formatTime, recordsOf } from './records';
import type { PrizeRecordsProps } from './schema';
import './prize-records.css';

/** The call answers at most this many records (server/src/routes/draw-history.ts `limit`). */
const MAX_LIMIT = 100;
const SKELETON_ROWS = 4;

export default function PrizeRecords({ props }: WidgetComponentProps<PrizeRecordsProps>) {
  const services = useServices();
  const page = usePage();
  const code = props.activityCode ?? page.document.activity?.code ?? '';
  const loggedIn = services.auth.isLoggedIn();
  const [pages, setPages] = useState(1);
  const limit = Math.min(props.pageSize * pages, MAX_LIMIT);
  // Never called for visitors who are not logged in: a 401 would start the login flow unasked.
  const query = useApi(
    code && loggedIn ? (`generalActivity.${props.call}` as const) : null,
    { activityCode: code, limit },
    { keepPreviousData: true },
  );
  const records = recordsOf(query.data?.result);
  const go = (to: string) => void page.run([{ type: 'navigate', to }]);

  const state = dataStates({
    loggedOut: loggedIn ? undefined : (
      <div className="w-prize-records__message">
        <p>{props.loginText}</p>
        <button
          type="button"
          className="w-prize-records__button"
          onClick={() => void page.run([{ type: 'login' }])}
        >
          {props.loginButtonText}
        </button>
      </div>
    ),
    call: query,
    errorText: props.errorText,
    loading: (
      <ul className="w-prize-records__list" aria-busy="true" aria-label="加载中">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} className="w-prize-records__item w-prize-records__item--skeleton" />
        ))}
      </ul>
    ),
  });
  let body;
  if (!code) body = <p className="w-prize-records__message">活动未配置</p>;
  else if (state !== null) body = state;
  else if (records.length === 0) {
    body = (
      <div className="w-prize-records__message">
        <p>{props.emptyText}</p>
        {props.emptyTarget ? (
          <button
            type="button"
            className="w-prize-records__button"
            onClick={() => go(props.emptyTarget ?? '/')}
          >
            {props.emptyActionText}
          </button>
        ) : null}
      </div>
    );
  } else {
    const hasMore = records.length >= limit && limit < MAX_LIMIT;
    body = (
      <>
        <ul className="w-prize-records__list">
          {records.map((record) => (
            <li key={record.key} className="w-prize-records__item">
              {record.image ? (
                <img
                  className="w-prize-records__image"
                  src={record.image}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                />
              ) : (
                <span className="w-prize-records__image" aria-hidden="true" />
              )}
              <div className="w-prize-records__text">
                <p className="w-prize-records__name">
                  {props.prizeNames[record.prizeId] ?? record.name}
                </p>
                <p className="w-prize-records__time">{formatTime(record.time)}</p>
              </div>
              {record.status === 'unpaid' && record.type === 'physical' && props.addressTarget ? (
                <button
                  type="button"
                  className="w-prize-records__button"
                  onClick={() => go(props.addressTarget ?? '/')}
                >
                  {props.addressText}
                </button>
              ) : (
                <span className="w-prize-records__status">
                  {props.statusTexts[record.status] ?? ''}
                </span>
              )}
            </li>
          ))}
        </ul>
        {hasMore ? (
          <button
            type="button"
            className="w-prize-records__more"
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
    <section className="w-prize-records" aria-label={props.title || '我的奖品'}>
      {props.title ? <h2 className="w-prize-records__title">{props.title}</h2> : null}
      {body}
    </section>
  );
}
