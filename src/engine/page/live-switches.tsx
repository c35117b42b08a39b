import { createContext, useContext, useMemo } from 'react';
import type { ApiOutput } from '../../contracts';
import { useApi } from '../data/use-api';
import { LIVE_SWITCH_CALL } from './live-switch-call';

/**
 * What an operator turned off on the live site (issue 34 item 11, decision 0042): a whole
 * activity, one action family of it (the draw), or one node of a page. The server refuses what
 * is off whatever the page does; the page learns it here to say so kindly instead of offering a
 * tap that would be refused: the renderer puts UI_COPY.paused in a switched-off node's place
 * (render/node-view.tsx), a widget asks `actionOff` for its button (lucky-draw).
 */
export { LIVE_SWITCH_CALL } from './live-switch-call';

/** How often an open page asks again (a refused tap asks at once: lucky-draw's draw flow). */
export const LIVE_SWITCH_REFRESH_MS = 60_000;

export interface LiveSwitchView {
  /** The node `nodeId` of the page at `route` ("/luckDraw") is switched off. */
  widgetOff(route: string, nodeId: string): boolean;
  activityPaused(activityCode: string): boolean;
  /** The action family (`draw`, `signIn`...) of the activity is off, or the whole activity. */
  actionOff(activityCode: string, action: string): boolean;
}

/** Nothing off: the view while the list has not come (prerender, first paint) or failed. */
export const NOTHING_OFF: LiveSwitchView = {
  widgetOff: () => false,
  activityPaused: () => false,
  actionOff: () => false,
};

type LiveSwitchList = ApiOutput<'liveSwitch.list'>;

/** The view of one answer of the list call (short lists: an operator switches off a few things). */
export function liveSwitchView(list: LiveSwitchList | undefined): LiveSwitchView {
  if (!list || list.activities.length + list.actions.length + list.widgets.length === 0) {
    return NOTHING_OFF;
  }
  const paused = (code: string) => list.activities.includes(code);
  return {
    widgetOff: (route, nodeId) =>
      list.widgets.some((w) => w.route === route && w.widgetId === nodeId),
    activityPaused: paused,
    actionOff: (code, action) =>
      paused(code) || list.actions.some((a) => a.activityCode === code && a.action === action),
  };
}

export const LiveSwitchContext = createContext<LiveSwitchView>(NOTHING_OFF);

export function useLiveSwitches(): LiveSwitchView {
  return useContext(LiveSwitchContext);
}

/**
 * The page's view of the switches, asked once the page is hydrated (never in the first paint's
 * path: no byte or request before it) and again every LIVE_SWITCH_REFRESH_MS. A failure is
 * silent: the page then works as if nothing were off, and the server still refuses what is.
 */
export function useLiveSwitchList(ready: boolean): LiveSwitchView {
  const { data } = useApi(ready ? LIVE_SWITCH_CALL : null, undefined, {
    silent: true,
    refreshInterval: LIVE_SWITCH_REFRESH_MS,
  });
  return useMemo(() => liveSwitchView(data?.result), [data]);
}
