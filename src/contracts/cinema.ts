/** Cinema, ours: spec §7 names no cinema call (server/src/routes/cinema.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCodeParam, answer, API, byActivity, millis } from './shared';

const movie = answer({
  movieId: z.string(),
  name: z.string(),
  poster: z.string(),
  score: z.number(),
  tags: z.array(z.string()),
  durationMinutes: z.number().int(),
  releaseDate: z.string(),
  desc: z.string(),
  recommended: z.boolean(),
  showings: z.array(
    answer({
      showingId: z.string(),
      cinema: z.string(),
      hall: z.string(),
      startTime: millis,
      price: z.number().int(),
      seatsLeft: z.number().int(),
      started: z.boolean(),
    }),
  ),
  link: z.string(),
  seatsLeft: z.number().int(),
});

export const cinemaContracts = {
  'cinema.movieList': get(`${API}cinema/movieList`, {
    ours: true,
    input: z.object({
      activityCode: activityCodeParam,
      recommended: z.number().int().min(0).max(1).default(0).describe('1 = recommended only'),
    }),
    output: answer({ total: z.number().int(), list: z.array(movie) }),
  }),
  'cinema.movieDetail': get(`${API}cinema/movieDetail`, {
    ours: true,
    input: z.object({
      activityCode: activityCodeParam,
      movieId: z.string().min(1).max(64).describe('a movieId of movieList'),
    }),
    output: movie,
  }),
  'cinema.ticketStatus': get(`${API}cinema/ticketStatus`, {
    ours: true,
    input: byActivity,
    output: answer({
      signDays: z.number().int(),
      signDaysRequired: z.number().int(),
      used: z.number().int(),
      ticketsLeft: z.number().int(),
    }),
  }),
  'cinema.claimTicket': post(`${API}cinema/claimTicket`, {
    mutation: true,
    ours: true,
    input: z.object({
      activityCode: activityCodeParam,
      showingId: z.string().min(1).max(64).describe('a showingId of movieDetail'),
    }),
    output: answer({
      orderNo: z.string(),
      ticketCode: z.string(),
      movieName: z.string(),
      showingId: z.string(),
    }),
  }),
  'cinema.orderList': get(`${API}cinema/orderList`, {
    ours: true,
    input: byActivity,
    output: answer({
      total: z.number().int(),
      list: z.array(
        answer({
          orderNo: z.string(),
          movieId: z.string(),
          movieName: z.string(),
          poster: z.string(),
          cinema: z.string(),
          hall: z.string(),
          startTime: millis,
          ticketCode: z.string(),
          status: z.enum(['valid', 'expired']),
          link: z.string(),
          createTime: millis,
        }),
      ),
    }),
  }),
} as const;
