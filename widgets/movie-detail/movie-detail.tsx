import { useId, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, linkActions } from '../_campaign-kit/activity';
import { errorCode, errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { showTime, ticketStatusOf } from './movie-data';
import type { MovieDetailProps } from './schema';
import './movie-detail.css';

const HEIGHT = 320;

export default function MovieDetail({ props, emit }: WidgetComponentProps<MovieDetailProps>) {
  const page = usePage();
  const { api, auth, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  // A whole-string binding ({{query.movieId}}) yields the raw value: undefined without a query.
  const raw: unknown = props.movieId;
  const movieId = typeof raw === 'string' ? raw.trim() : '';
  const movieQuery = useApi(movieId ? 'cinema.movieDetail' : null, { activityCode, movieId });
  const statusQuery = useApi(loggedIn ? 'cinema.ticketStatus' : null, { activityCode });
  const { lock, busyKey } = useLock();
  const [announcement, setAnnouncement] = useState('');
  const [claimed, setClaimed] = useState(false);
  const nameId = useId();
  const accent = props.accentColor ? { background: props.accentColor } : undefined;

  const announce = (text: string) => {
    setAnnouncement(text);
    ui.toast({ text });
  };

  const claim = (showingId: string) =>
    lock(showingId, async () => {
      if (!auth.isLoggedIn()) {
        await page.run([{ type: 'login' }]);
        return;
      }
      try {
        await api.call('cinema.claimTicket', { activityCode, showingId });
        setClaimed(true);
        announce(props.successText);
        void emit('claimed', { showingId });
      } catch (error) {
        const name = (error as { error?: unknown } | null)?.error;
        announce(
          name === 'SIGN_DAYS_SHORT'
            ? props.needSignText.replace(
                '{days}',
                String(ticketStatusOf(statusQuery.data?.result)?.signDaysShort || 1),
              )
            : name === 'LIMIT_REACHED'
              ? props.noTicketText
              : name === 'SHOWING_STARTED'
                ? props.startedText
                : errorText(error, '领票失败，请稍后再试'),
        );
      }
      await Promise.all([movieQuery.mutate(), statusQuery.mutate()]);
    });

  if (!movieId) return <Notice minHeight={HEIGHT / 2}>{props.notFoundText}</Notice>;
  if (movieQuery.error) {
    if (errorCode(movieQuery.error) === 404)
      return <Notice minHeight={HEIGHT / 2}>{props.notFoundText}</Notice>;
    return (
      <ErrorState
        text={errorText(movieQuery.error, props.errorText)}
        onRetry={() => void movieQuery.mutate()}
        minHeight={HEIGHT / 2}
      />
    );
  }
  const movie = movieQuery.data?.result ?? null;
  if (!movieQuery.data) return <Skeleton height={HEIGHT} />;
  if (!movie) return <Notice minHeight={HEIGHT / 2}>{props.notFoundText}</Notice>;

  const status = ticketStatusOf(statusQuery.data?.result);
  const gate = !loggedIn
    ? null
    : status && status.signDaysShort > 0
      ? props.needSignText.replace('{days}', String(status.signDaysShort))
      : status && status.ticketsLeft <= 0
        ? props.noTicketText
        : null;
  const ordersActions = linkActions(props.ordersTarget);
  return (
    <article className="w-movie-detail" aria-labelledby={nameId}>
      <header className="w-movie-detail__head">
        {movie.poster && isSafeUrl(movie.poster) ? (
          <img
            className="w-movie-detail__poster"
            src={movie.poster}
            alt=""
            width={96}
            height={96}
          />
        ) : null}
        <div>
          <h2 className="w-movie-detail__name" id={nameId}>
            {movie.name}
          </h2>
          {movie.score > 0 ? (
            <p className="w-movie-detail__score">
              观众评分 <strong>{movie.score.toFixed(1)}</strong>
            </p>
          ) : null}
          <p className="w-movie-detail__meta">
            {[movie.tags.join(' / '), movie.durationMinutes ? `${movie.durationMinutes}分钟` : '']
              .filter(Boolean)
              .join(' · ')}
          </p>
          {movie.releaseDate ? (
            <p className="w-movie-detail__meta">{movie.releaseDate}上映</p>
          ) : null}
        </div>
      </header>
      {movie.desc ? <p className="w-movie-detail__desc">{movie.desc}</p> : null}
      <h3 className="w-movie-detail__heading">选择场次</h3>
      {!loggedIn ? (
        <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} />
      ) : gate ? (
        <p className="w-movie-detail__gate" role="status">
          {gate}
        </p>
      ) : null}
      {movie.showings.length === 0 ? (
        <Notice>暂无可选场次</Notice>
      ) : (
        <ul className="w-movie-detail__showings">
          {movie.showings.map((s) => {
            const state = s.started ? 'started' : s.seatsLeft <= 0 ? 'soldOut' : 'open';
            const label =
              state === 'started'
                ? props.startedText
                : state === 'soldOut'
                  ? props.soldOutText
                  : props.claimText;
            return (
              <li key={s.showingId} className="w-movie-detail__showing" data-state={state}>
                <span className="w-movie-detail__showing-info">
                  <span className="w-movie-detail__time">{showTime(s.startTime)}</span>
                  <span>
                    {s.cinema}
                    {s.hall ? ` ${s.hall}` : ''}
                  </span>
                  <span className="w-movie-detail__seats">余{s.seatsLeft}座</span>
                </span>
                <button
                  type="button"
                  className="w-movie-detail__claim"
                  disabled={state !== 'open' || gate !== null || busyKey !== null}
                  aria-busy={busyKey === s.showingId}
                  aria-label={`${label}：${showTime(s.startTime)} ${s.cinema}`}
                  onClick={() => void claim(s.showingId)}
                  style={state === 'open' ? accent : undefined}
                >
                  {label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {claimed && ordersActions.length > 0 ? (
        <button
          type="button"
          className="w-movie-detail__orders"
          onClick={() => void page.run(ordersActions)}
        >
          {props.ordersText}
        </button>
      ) : null}
      <LiveRegion message={announcement} />
    </article>
  );
}
