/**
 * What the compiler needs to put into each document the routes of the calls its page can make
 * (CompileContext.apiRoutes, decision 0033): the widgets' declared calls, the engine's own calls
 * for a page, and the table's encoder. Build time only.
 */
import { widgetDefinitions } from '../../widgets/index';
import { ACTIVITY_INFO_CALL } from '../engine/page/activity-config';
import { LIVE_SWITCH_CALL } from '../engine/page/live-switch-call';
import { apiCatalogue } from '../services/api/catalogue';
import { WECHAT_SIGNATURE_API } from '../services/share/wechat-config';
import { encodeApiTable } from './api-table';
import type { CompileContext } from './compile-campaign';

// Each widget's function takes its own props type; the compiler passes validated props of that type.
type ApiCalls = (props: unknown) => readonly string[];
const apiCalls = new Map<string, ApiCalls>(
  widgetDefinitions.flatMap((widget) =>
    'apiCalls' in widget && widget.apiCalls ? [[widget.type, widget.apiCalls as ApiCalls]] : [],
  ),
);

/** The routes of `names` in the API table's encoding, in catalogue order. */
function encodeApiRoutes(names: readonly string[]): string {
  const wanted = new Set(names);
  return encodeApiTable(apiCatalogue.filter((entry) => wanted.has(entry.name)));
}

export const documentApiRoutes: NonNullable<CompileContext['apiRoutes']> = {
  widgetCalls: (type, props) => apiCalls.get(type)?.(props) ?? [],
  // The page's activity info (src/engine/page/campaign-page.tsx), the operators' live switches
  // (src/engine/page/live-switches.tsx) and, in the messaging app, the share signature
  // (src/services/share/wechat-config.ts).
  pageCalls: (document) => [
    ...(document.activity || document.activityByQuery ? [ACTIVITY_INFO_CALL] : []),
    LIVE_SWITCH_CALL,
    ...(document.share ? [WECHAT_SIGNATURE_API] : []),
  ],
  encode: encodeApiRoutes,
};
