import { BASE_PATH } from '../../src/spec/constants';
import type { Action } from '../../src/engine/actions/action-schema';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { activityTimingOf } from './loose/activity';
import type { PageContextValue } from '../../src/engine/render/page-context';

/** The activity code a widget works on: its own prop first, then the page's activity. */
export function activityCodeOf(page: PageContextValue, fromProps: string | undefined): string {
  if (fromProps) return fromProps;
  return page.document.activity?.code ?? '';
}

export type Phase = 'notStarted' | 'live' | 'ended';

/**
 * Where the page's activity stands, from the activity-config call (server `status`, else the
 * start/end times). 'live' when the page has no activity or the activity is another one: the
 * widget's own calls then report the phase through their errors.
 */
export function activityPhase(page: PageContextValue, activityCode: string, now: number): Phase {
  const activity = activityTimingOf(page.scope.activity);
  if (!activity || (activity.activityCode && activity.activityCode !== activityCode)) return 'live';
  if (activity.status === 'notStarted') return 'notStarted';
  if (activity.status === 'ended' || activity.status === 'closed') return 'ended';
  if (activity.startTime !== null && now < activity.startTime) return 'notStarted';
  if (activity.endTime !== null && now > activity.endTime) return 'ended';
  return 'live';
}

/**
 * A link that came from the server, as engine actions: a path under our base path becomes an
 * in-app route, a path or https address a navigation (the engine validates it again), an app
 * scheme an openApp. Anything else (javascript:, data:, http:) yields no action at all.
 */
export function linkActions(link: unknown): Action[] {
  if (typeof link !== 'string' || link.trim() === '') return [];
  const value = link.trim();
  if (value.startsWith(BASE_PATH))
    return [{ type: 'navigate', to: `/${value.slice(BASE_PATH.length)}` }];
  if (isSafeUrl(value)) return [{ type: 'navigate', to: value }];
  if (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) &&
    !/^(https?|javascript|data|vbscript|file|content|blob):/i.test(value)
  ) {
    return [{ type: 'openApp', target: value }];
  }
  return [];
}
