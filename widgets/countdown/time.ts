/** Countdown arithmetic on server time. Pure: the component feeds in clock readings. */

export type Phase = 'notStarted' | 'live' | 'ended' | 'closed';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Server clock minus phone clock. The server stamped `serverTime` somewhere between sending and
 * receiving: the midpoint halves the error of a slow network.
 */
export function clockOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  return serverTime - (sentAt + receivedAt) / 2;
}

/**
 * The phase at server time `now`. The server's own `status` wins where it is firmer than a
 * clock: 'closed' (paused) and 'ended' always; a 'notStarted' answer holds until the countdown
 * has run out (the page then asks again).
 */
export function phaseAt(
  now: number,
  start: number | null,
  end: number | null,
  status: string | null,
): Phase {
  if (status === 'closed') return 'closed';
  if (status === 'ended') return 'ended';
  if (start !== null && now < start) return 'notStarted';
  if (status === 'notStarted') return 'notStarted';
  if (end !== null && now >= end) return 'ended';
  return 'live';
}

export interface Parts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left (rounded up to the second, never negative). */
export function remainingParts(ms: number): Parts {
  const left = Math.ceil(Math.max(0, ms) / SECOND) * SECOND;
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  };
}
