/**
 * The preview's fetch under a date override (dev builds only). Each call to the page's own
 * origin carries the page's clock (PREVIEW_NOW_HEADER): a server started by `npm run preview`
 * runs that call on it (server/src/http/preview-clock.ts), so whether the activity is open and
 * whether a draw is allowed follow the chosen date, in this tab only, and its answers' times
 * are already moved (it says so in PREVIEW_CLOCK_HEADER). A server that ignores the date (not a
 * preview one) leaves its decisions on the real date; its answers then get their `serverTime`
 * moved here, so a countdown that trusts the server's time (widgets/countdown/use-server-offset.ts)
 * still shows the chosen date.
 */
import { PREVIEW_CLOCK_HEADER, PREVIEW_NOW_HEADER } from '../../spec/constants';
import { shiftServerTimes } from './overrides';

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

function requestUrl(input: RequestInfo | URL, origin: string): URL | null {
  try {
    return new URL(typeof input === 'object' && 'url' in input ? input.url : String(input), origin);
  } catch {
    return null;
  }
}

/**
 * `fetch` with the preview's date: `offset` ms from the real clock; `origin` is the page's (the
 * date never goes to a third party: its custom header would also need a CORS preflight there).
 */
export function previewFetch(
  fetch: Fetch,
  offset: number,
  origin: string,
  now: () => number = Date.now,
): Fetch {
  return async (input, init) => {
    const own = requestUrl(input, origin)?.origin === origin;
    let sent = init;
    if (own) {
      const headers = new Headers(
        init?.headers ?? (input instanceof Request ? input.headers : undefined),
      );
      headers.set(PREVIEW_NOW_HEADER, new Date(now() + offset).toISOString());
      sent = { ...init, headers };
    }
    const response = await fetch(input, sent);
    if (response.headers.has(PREVIEW_CLOCK_HEADER)) return response;
    if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
      return response;
    }
    let body: unknown;
    try {
      body = await response.clone().json();
    } catch {
      return response;
    }
    return new Response(JSON.stringify(shiftServerTimes(body, offset)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
