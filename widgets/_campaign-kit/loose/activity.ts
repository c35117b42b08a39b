/**
 * The parts of the activity answer a widget takes for itself. The activity's `activityConfig` is
 * spec-shaped JSON text (spec §3) that no contract types: src/engine/page/activity-config.ts
 * parses it, and the parsed configuration is read here, value by value.
 */
import { normalizeActivity } from '../../../src/engine/page/activity-config';
import type { ApiEnvelope } from '../../../src/services/types';
import { isRecord, rawPayloadOf } from './read';

/**
 * The activity of an activity-info answer with its JSON text fields parsed (the same reading as
 * the page's own, src/engine/page/activity-config.ts); null while there is none.
 */
export function activityOf(envelope: ApiEnvelope | undefined): Record<string, unknown> | null {
  return normalizeActivity(envelope ? rawPayloadOf(envelope) : null);
}

/** The activity (normalized or raw) as a record; empty when there is none. */
export function activityRecordOf(activity: unknown): Record<string, unknown> {
  return isRecord(activity) ? activity : {};
}

/** What the phase of the page's activity is read from (the activity answer, spec §3). */
export interface ActivityTiming {
  /** null when the answer names none. */
  activityCode: string | null;
  /** The server's `status` (server/src/domain/activity-guard.ts), null when absent. */
  status: string | null;
  startTime: number | null;
  endTime: number | null;
}

/** The page's activity's code, status and times; null when the page has no activity. */
export function activityTimingOf(activity: unknown): ActivityTiming | null {
  if (!isRecord(activity)) return null;
  const time = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    activityCode: typeof activity.activityCode === 'string' ? activity.activityCode : null,
    status: typeof activity.status === 'string' ? activity.status : null,
    startTime: time(activity.startTime),
    endTime: time(activity.endTime),
  };
}

/**
 * `serverTime` (ms) of the activity, or of the answer of the time call a countdown names (known
 * only at run time); null when it carries none.
 */
export function serverTimeOf(value: unknown): number | null {
  if (!isRecord(value)) return null;
  const time = Number(value.serverTime);
  return Number.isFinite(time) && time > 0 ? time : null;
}

/** `serverTime` of the answer of a time call the page names; null when it carries none. */
export const answerServerTime = (envelope: ApiEnvelope): number | null =>
  serverTimeOf(rawPayloadOf(envelope));
