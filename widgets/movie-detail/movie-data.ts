/**
 * Reading the cinema calls (server/src/routes/cinema.ts, ours):
 * - movieDetail { activityCode, movieId } → { movieId, name, poster, score, tags, durationMinutes,
 *   releaseDate, desc, showings: [{ showingId, cinema, hall, startTime, seatsLeft, started }] }
 * - ticketStatus { activityCode } → { signDays, signDaysRequired, used, ticketsLeft }
 * - claimTicket { activityCode, showingId } → { orderNo, ticketCode, movieName }
 */
import { isRecord, listOf, num, str } from '../_campaign-kit/api-error';

export interface Showing {
  showingId: string;
  cinema: string;
  hall: string;
  startTime: number;
  seatsLeft: number;
  started: boolean;
}
export interface Movie {
  movieId: string;
  name: string;
  poster: string;
  score: number;
  tags: string[];
  durationMinutes: number;
  releaseDate: string;
  desc: string;
  showings: Showing[];
}

export function parseMovie(payload: unknown): Movie | null {
  if (!isRecord(payload) || !str(payload.movieId)) return null;
  return {
    movieId: str(payload.movieId),
    name: str(payload.name),
    poster: str(payload.poster),
    score: num(payload.score),
    tags: Array.isArray(payload.tags) ? payload.tags.filter((t) => typeof t === 'string') : [],
    durationMinutes: num(payload.durationMinutes),
    releaseDate: str(payload.releaseDate),
    desc: str(payload.desc),
    showings: listOf(payload.showings).flatMap((s) =>
      isRecord(s) && str(s.showingId)
        ? [
            {
              showingId: str(s.showingId),
              cinema: str(s.cinema),
              hall: str(s.hall),
              startTime: num(s.startTime),
              seatsLeft: num(s.seatsLeft),
              started: s.started === true,
            },
          ]
        : [],
    ),
  };
}

export interface TicketStatus {
  signDaysShort: number;
  ticketsLeft: number;
}

export function parseTicketStatus(payload: unknown): TicketStatus | null {
  if (!isRecord(payload)) return null;
  return {
    signDaysShort: Math.max(0, num(payload.signDaysRequired) - num(payload.signDays)),
    ticketsLeft: num(payload.ticketsLeft),
  };
}

/** MM-DD HH:mm in Beijing time. */
export function showTime(ms: number): string {
  const iso = new Date(ms + 8 * 3_600_000).toISOString();
  return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}
