import type { AppContext } from '../app-context';
import type { ActionName, ActivityConfig } from '../config/activity-config';
import { ApiError, badRequest } from '../http/envelope';

/** The activity named by a request, or 400 (bad input) when there is none. */
export function findActivity(ctx: AppContext, activityCode: string): ActivityConfig {
  const activity = ctx.config.activities.get(activityCode);
  if (!activity) throw badRequest(`unknown activityCode: ${activityCode}`);
  return activity;
}

export type ActivityPhase = 'closed' | 'notStarted' | 'ongoing' | 'ended';

/** Where the activity stands now: kill switch first, then its date window. */
export function activityPhase(activity: ActivityConfig, now: Date): ActivityPhase {
  if (!activity.enabled) return 'closed';
  const t = now.getTime();
  if (t < Date.parse(activity.window.start)) return 'notStarted';
  if (t > Date.parse(activity.window.end)) return 'ended';
  return 'ongoing';
}

const PHASE_MESSAGES: Record<Exclude<ActivityPhase, 'ongoing'>, string> = {
  closed: 'this activity is paused',
  notStarted: 'this activity has not started yet',
  ended: 'this activity has ended',
};

/**
 * The error name of a refusal by an operator's live switch (decision 0042): spec §8 has no row
 * for it, so it is ours (docs/api.md), apart from ACTIVITY_UNAVAILABLE / ACTION_UNAVAILABLE (the
 * configuration's switches and window) so the page can say "paused, come back later".
 */
export const PAUSED_ERROR = 'PAUSED';

/**
 * 403 PAUSED when an operator paused the activity (or, given `action`, turned that action family
 * off) on the live site: checked before anything is read or written, so nothing is spent.
 */
export function refuseSwitchedOff(
  ctx: AppContext,
  activityCode: string,
  action?: ActionName,
): void {
  if (ctx.switches.isActivityPaused(activityCode)) {
    throw new ApiError(403, 'this activity is paused for now, come back later', PAUSED_ERROR);
  }
  if (action && ctx.switches.isActionOff(activityCode, action)) {
    throw new ApiError(403, `${action} is paused for now, come back later`, PAUSED_ERROR);
  }
}

/**
 * For calls that change state: the activity must exist (400), be switched on, inside its
 * window and have `action` switched on, in its configuration and by the operators' live switch
 * (403 otherwise, nothing written).
 */
export function requireActivity(
  ctx: AppContext,
  activityCode: string,
  action: ActionName,
): ActivityConfig {
  const activity = findActivity(ctx, activityCode);
  const phase = activityPhase(activity, ctx.now());
  if (phase !== 'ongoing') throw new ApiError(403, PHASE_MESSAGES[phase], 'ACTIVITY_UNAVAILABLE');
  refuseSwitchedOff(ctx, activityCode, action);
  if (activity.actions[action] === false) {
    throw new ApiError(403, `${action} is paused for this activity`, 'ACTION_UNAVAILABLE');
  }
  return activity;
}
