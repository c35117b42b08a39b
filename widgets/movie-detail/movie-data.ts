/**
 * The cinema calls' answers (server/src/routes/cinema.ts, ours), typed by their contracts
 * (src/contracts/cinema.ts); the widget reads them as they are.
 */
import type { ApiOutput } from '../../src/contracts';

export interface TicketStatus {
  signDaysShort: number;
  ticketsLeft: number;
}

export function ticketStatusOf(
  answer: ApiOutput<'cinema.ticketStatus'> | undefined,
): TicketStatus | null {
  if (!answer) return null;
  return {
    signDaysShort: Math.max(0, answer.signDaysRequired - answer.signDays),
    ticketsLeft: answer.ticketsLeft,
  };
}

/** MM-DD HH:mm in Beijing time. */
export function showTime(ms: number): string {
  const iso = new Date(ms + 8 * 3_600_000).toISOString();
  return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}
