import { CAMPAIGN_UTC_OFFSET } from '../../../src/spec/constants';
import type { ActivityConfig } from '../config/activity-config';
import { addDays, campaignDay } from './campaign-time';

/**
 * The time-boxed rounds of a flash draw (issue 32): each campaign day repeats the activity's
 * `flash.rounds` (clock times in the campaign time zone). The server alone decides whether a
 * round is open: the page only shows what this says.
 */
export interface FlashRound {
  /** 1-based number of the round in its day. */
  index: number;
  start: number;
  end: number;
}

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Problems of a round list (checked with the activity at start): empty when fine. */
export function flashRoundProblems(rounds: ActivityConfig['flash']['rounds']): string[] {
  const problems: string[] = [];
  rounds.forEach((round, i) => {
    if (minutes(round.start) >= minutes(round.end))
      problems.push(`flash.rounds[${i}]: start ${round.start} must be before end ${round.end}`);
    const previous = rounds[i - 1];
    if (previous && minutes(round.start) < minutes(previous.end))
      problems.push(`flash.rounds[${i}]: starts before round ${i} ends (list them in order)`);
  });
  return problems;
}

function roundsOf(activity: ActivityConfig, day: string): FlashRound[] {
  const midnight = Date.parse(`${day}T00:00:00${CAMPAIGN_UTC_OFFSET}`);
  return activity.flash.rounds.map((round, i) => ({
    index: i + 1,
    start: midnight + minutes(round.start) * 60_000,
    end: midnight + minutes(round.end) * 60_000,
  }));
}

/** The round open at `now`, or null (between rounds, or no rounds configured). */
export function currentFlashRound(activity: ActivityConfig, now: Date): FlashRound | null {
  const t = now.getTime();
  return roundsOf(activity, campaignDay(now)).find((r) => r.start <= t && t < r.end) ?? null;
}

/** The next round to open after `now` (today's, else tomorrow's first), or null. */
export function nextFlashRound(activity: ActivityConfig, now: Date): FlashRound | null {
  const t = now.getTime();
  const today = campaignDay(now);
  return (
    roundsOf(activity, today).find((r) => r.start > t) ??
    roundsOf(activity, addDays(today, 1))[0] ??
    null
  );
}
