import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import type { ActivityConfig } from '../config/activity-config';
import type { MovieConfig } from '../config/benefits-config';
import type { Queryable } from '../db/types';
import { findActivity } from '../domain/activity-guard';
import { requireOngoing } from '../domain/benefit-guard';
import { campaignDay } from '../domain/campaign-time';
import { claimOf, idempotent } from '../domain/idempotency';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, ok } from '../http/envelope';

const MOVIE_DETAIL_PATH = '/mp/activity/catEye/movieDateSign/movieDetail';

/** Seats sold per showing of the activity (a showing never sold has no row). */
async function soldSeats(db: Queryable, code: string): Promise<Map<string, number>> {
  const res = await db.query<{ showing_id: string; sold: number }>(
    'SELECT showing_id, sold FROM cinema_showing_sales WHERE activity_code = $1',
    [code],
  );
  return new Map(res.rows.map((r) => [r.showing_id, r.sold]));
}

function movieView(movie: MovieConfig, sold: Map<string, number>, now: number) {
  const showings = movie.showings.map((s) => {
    const start = Date.parse(s.startTime);
    return {
      showingId: s.showingId,
      cinema: s.cinema,
      hall: s.hall,
      startTime: start,
      price: s.priceCents,
      seatsLeft: Math.max(0, s.seats - (sold.get(s.showingId) ?? 0)),
      started: start <= now,
    };
  });
  return {
    movieId: movie.movieId,
    name: movie.name,
    poster: movie.poster,
    score: movie.score,
    tags: movie.tags,
    durationMinutes: movie.durationMinutes,
    releaseDate: movie.releaseDate,
    desc: movie.desc,
    recommended: movie.recommended,
    showings,
    // The page of this movie (catEye/movieDateSign/movieDetail reads movieId from the query).
    link: `${MOVIE_DETAIL_PATH}?movieId=${encodeURIComponent(movie.movieId)}`,
    seatsLeft: showings.filter((s) => !s.started).reduce((n, s) => n + s.seatsLeft, 0),
  };
}

function showingOf(activity: ActivityConfig, showingId: string) {
  for (const movie of activity.benefits.cinema.movies) {
    const showing = movie.showings.find((s) => s.showingId === showingId);
    if (showing) return { movie, showing };
  }
  throw badRequest(`unknown showingId: ${showingId}`);
}

/**
 * Cinema (ours: spec §7 names no cinema call, ../shared/BREADTH.md point 4). Movies and showings
 * come from the activity's `benefits.cinema`; a user who has signed in on enough days
 * (generalActivity/signIn of the same activity) claims free tickets, each a seat of a showing
 * sold by conditional upsert, numbered per user under a unique key.
 */
export function registerCinemaRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'cinema.movieList',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const sold = await soldSeats(ctx.db, activity.activityCode);
      const now = ctx.now().getTime();
      const list = activity.benefits.cinema.movies
        .filter((m) => input.recommended === 0 || m.recommended)
        .map((m) => movieView(m, sold, now));
      return ok({ total: list.length, list });
    },
  });

  defineRoute(app, ctx, {
    call: 'cinema.movieDetail',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const movie = activity.benefits.cinema.movies.find((m) => m.movieId === input.movieId);
      if (!movie) throw new ApiError(404, 'no such movie');
      const sold = await soldSeats(ctx.db, activity.activityCode);
      return ok(movieView(movie, sold, ctx.now().getTime()));
    },
  });

  defineRoute(app, ctx, {
    call: 'cinema.ticketStatus',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok(await ticketStatus(ctx.db, activity, userId));
    },
  });

  defineRoute(app, ctx, {
    call: 'cinema.claimTicket',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const { movie, showing } = showingOf(activity, input.showingId);
      const now = ctx.now();
      if (Date.parse(showing.startTime) <= now.getTime()) {
        throw new ApiError(409, 'this showing has started', 'SHOWING_STARTED');
      }
      const code = activity.activityCode;
      const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
        const status = await ticketStatus(tx, activity, userId);
        if (status.signDays < status.signDaysRequired) {
          throw new ApiError(409, 'sign in on more days first', 'SIGN_DAYS_SHORT');
        }
        if (status.ticketsLeft <= 0) {
          throw new ApiError(409, 'no free ticket left', 'LIMIT_REACHED');
        }
        // The next number of this user's tickets: a parallel claim takes the same number and
        // loses on the unique key (ON CONFLICT DO NOTHING, then refused below).
        const orderNo = `CE${campaignDay(now).replace(/-/g, '')}${randomBytes(6).toString('hex')}`;
        const ticketCode = randomBytes(4).toString('hex').toUpperCase();
        const inserted = await tx.query<{ id: number }>(
          `INSERT INTO cinema_orders (order_no, user_id, activity_code, seq, movie_id, showing_id,
             ticket_code, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (user_id, activity_code, seq) DO NOTHING RETURNING id`,
          [
            orderNo,
            userId,
            code,
            status.used + 1,
            movie.movieId,
            showing.showingId,
            ticketCode,
            now,
          ],
        );
        if (inserted.rowCount === 0)
          throw new ApiError(409, 'no free ticket left', 'LIMIT_REACHED');
        const seat = await tx.query(
          `INSERT INTO cinema_showing_sales (activity_code, showing_id, sold)
           SELECT $1::text, $2::text, 1 WHERE $3::int >= 1
           ON CONFLICT (activity_code, showing_id) DO UPDATE
             SET sold = cinema_showing_sales.sold + 1 WHERE cinema_showing_sales.sold < $3::int
           RETURNING sold`,
          [code, showing.showingId, showing.seats],
        );
        // Sold out: the transaction rolls back, the ticket number is not used.
        if (seat.rowCount === 0) throw new ApiError(409, 'this showing is sold out', 'SOLD_OUT');
        return { orderNo, ticketCode, movieName: movie.name, showingId: showing.showingId };
      });
      return ok(result);
    },
  });

  defineRoute(app, ctx, {
    call: 'cinema.orderList',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{
        order_no: string;
        movie_id: string;
        showing_id: string;
        ticket_code: string;
        created_at: Date;
      }>(
        `SELECT order_no, movie_id, showing_id, ticket_code, created_at FROM cinema_orders
         WHERE user_id = $1 AND activity_code = $2 ORDER BY id DESC LIMIT 50`,
        [userId, activity.activityCode],
      );
      const now = ctx.now().getTime();
      const list = res.rows.map((r) => {
        const movie = activity.benefits.cinema.movies.find((m) => m.movieId === r.movie_id);
        const showing = movie?.showings.find((s) => s.showingId === r.showing_id);
        const start = showing ? Date.parse(showing.startTime) : 0;
        return {
          orderNo: r.order_no,
          movieId: r.movie_id,
          movieName: movie?.name ?? r.movie_id,
          poster: movie?.poster ?? '',
          cinema: showing?.cinema ?? '',
          hall: showing?.hall ?? '',
          startTime: start,
          ticketCode: r.ticket_code,
          status: start > now ? ('valid' as const) : ('expired' as const),
          link: `${MOVIE_DETAIL_PATH}?movieId=${encodeURIComponent(r.movie_id)}`,
          createTime: new Date(r.created_at).getTime(),
        };
      });
      return ok({ total: list.length, list });
    },
  });
}

/** Days signed in (daily) and free tickets used and left, for the ticket rule. */
async function ticketStatus(db: Queryable, activity: ActivityConfig, userId: string) {
  const code = activity.activityCode;
  const signs = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sign_ins WHERE user_id = $1 AND activity_code = $2 AND kind = 'daily'`,
    [userId, code],
  );
  const used = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM cinema_orders WHERE user_id = $1 AND activity_code = $2',
    [userId, code],
  );
  const { ticketSignDays, ticketsPerUser } = activity.benefits.cinema;
  const usedCount = used.rows[0]?.n ?? 0;
  return {
    signDays: signs.rows[0]?.n ?? 0,
    signDaysRequired: ticketSignDays,
    used: usedCount,
    ticketsLeft: Math.max(0, ticketsPerUser - usedCount),
  };
}
