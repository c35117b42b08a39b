import type { RedirectSpec } from '../../../src/contracts/site/route-list';
import type { Condition } from '../../../src/contracts/conditions/condition-schema';
import type { ConditionContext } from '../../../src/contracts/conditions/evaluate';
import { redirectTarget } from '../../../src/contracts/site/redirect-target';
import { detectEnvironment } from '../../../src/contracts/env/detect';
import { PLAIN_MOBILE_BROWSER } from '../../../src/contracts/env/plain-browser';

/**
 * A redirect document answered by the server (issue 10, point 5; spec §2: /goldCloseBy sends
 * the visitor to the lucky-draw page, id by host name), so the phone does not download the app
 * only to be sent elsewhere. The server decides with the engine's own pure modules
 * (redirect-target.ts, conditions/evaluate.ts), hence the same answer as the client's
 * <Navigate>, and only when every condition involved reads what the server knows as the browser
 * does: the page's host name, its query and the time, and the host app when the user agent names
 * it (a provider app's or a messaging app's token: the browser's reading takes the token before
 * anything the native bridge says, src/contracts/env/detect.ts). Anything else (the host app of a
 * user agent that names none, which a bridge may still name; its version, login, page data) is
 * left to the client page.
 */

/** Condition keys the server can evaluate; `all`/`any`/`not` when their parts can. */
const SERVER_KEYS: ReadonlySet<string> = new Set<keyof Condition>([
  'hostname',
  'query',
  'date',
  'all',
  'any',
  'not',
]);

/**
 * Whether the server reads `condition` as the browser would; `host` only when `hostKnown` (the
 * user agent names the app).
 */
export function decidableOnServer(condition: Condition, hostKnown = false): boolean {
  const ownKeys = Object.entries(condition).filter(([, value]) => value !== undefined);
  if (!ownKeys.every(([key]) => SERVER_KEYS.has(key) || (hostKnown && key === 'host'))) {
    return false;
  }
  const parts = [...(condition.all ?? []), ...(condition.any ?? [])];
  if (condition.not) parts.push(condition.not);
  return parts.every((part) => decidableOnServer(part, hostKnown));
}

/** The page's host name as the browser's `new URL(location.href).hostname` has it, or null. */
export function hostnameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader || !/^[\w.:[\]-]+$/.test(hostHeader)) return null;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return null;
  }
}

/**
 * The Location (a path under `basePath`) the client would navigate to, or null when the server
 * cannot decide (a condition it cannot read, no usable Host header). The answer may depend on the
 * User-Agent header: the caller says so (`Vary`). The incoming query is read
 * by conditions only and not carried over, as on the client (campaign-route.tsx). The Location is
 * a path, never an absolute URL, so no Host header or query value can point it off-site.
 */
export function serverRedirectLocation(
  redirect: RedirectSpec,
  request: {
    host: string | undefined;
    search: string;
    now: number;
    userAgent?: string | undefined;
  },
  basePath: string,
): string | null {
  // The app as the browser reads it from the user agent, when the agent names one.
  const named = detectEnvironment(request.userAgent ?? '');
  const hostKnown = named.host !== 'browser';
  if (!(redirect.cases ?? []).every((entry) => decidableOnServer(entry.when, hostKnown))) {
    return null;
  }
  const hostname = hostnameOf(request.host);
  if (hostname === null) return null;
  const context: ConditionContext = {
    // A decidable condition reads no key of the environment but `host`, and that only when the
    // user agent names the app (evaluate.ts only touches env.<key> to find that an absent key
    // holds).
    env: hostKnown ? named : PLAIN_MOBILE_BROWSER,
    loggedIn: false,
    now: request.now,
    hostname,
    query: new URLSearchParams(request.search),
    scope: {},
  };
  const location = `${basePath.replace(/\/+$/, '')}${redirectTarget(redirect, context)}`;
  // `to` is a route path (checked when the build's list is read); this guards the rule itself.
  return location.startsWith(basePath) && !/[\\\s]/.test(location) ? location : null;
}
