/**
 * The sign-in calls' answers, typed by their contracts (src/contracts/sign-in.ts); the widget
 * reads them as they are, with the defaults of a visitor who has not loaded them yet.
 * - querySignIn → the current reward cycle, today included
 * - signIn / sign → awarded (false when today was signed already) and the reward's label
 */
import type { ApiOutput } from '../../src/contracts';

type QuerySignIn = ApiOutput<'generalActivity.querySignIn'>;
export type SignDay = QuerySignIn['days'][number];

export interface SignState {
  signedToday: boolean;
  signCount: number;
  today: string;
  days: readonly SignDay[];
}

export function signStateOf(answer: QuerySignIn | undefined): SignState {
  return {
    signedToday: answer?.signStatus === 1,
    signCount: answer?.signCount ?? 0,
    today: answer?.today ?? '',
    days: answer?.days ?? [],
  };
}

/** The streak line: a visitor with no streak yet reads an invitation, never "0 days" (issue 33). */
export function fillStreak(template: string, count: number, startText: string): string {
  return count > 0 ? template.replace('{n}', String(count)) : startText;
}
