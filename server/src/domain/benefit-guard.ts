import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { ActivityConfig } from '../config/activity-config';
import { ApiError } from '../http/envelope';
import { activityPhase, findActivity, refuseSwitchedOff } from './activity-guard';

/**
 * Shared pieces of the benefit families (installment, video VIP, leads, music, packets...).
 * Their writes have no per-action kill switch of their own (actionNames is shared), so they
 * follow the activity's switch and window only.
 */

/** The activity parameter every benefit call takes. */
export const activityCodeParam = z
  .string()
  .min(1)
  .max(64)
  .describe('activity code (server/activities/<code>.json)');

/** A 0/1 switch; integer typed so GET query strings are coerced by the route schema. */
export const switchParam = z.number().int().min(0).max(1);

const PHASE_MESSAGES = {
  closed: 'this activity is paused',
  notStarted: 'this activity has not started yet',
  ended: 'this activity has ended',
} as const;

/**
 * For writes: the activity exists (400), is switched on and inside its window, and no operator
 * paused it on the live site (403).
 */
export function requireOngoing(ctx: AppContext, activityCode: string): ActivityConfig {
  const activity = findActivity(ctx, activityCode);
  const phase = activityPhase(activity, ctx.now());
  if (phase !== 'ongoing') throw new ApiError(403, PHASE_MESSAGES[phase], 'ACTIVITY_UNAVAILABLE');
  refuseSwitchedOff(ctx, activityCode);
  return activity;
}
