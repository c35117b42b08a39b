/**
 * The preview's fetch under a date override (dev builds only): API answers come back with their
 * `serverTime` moved as far as the page's clock, so a countdown that trusts the server's time
 * (widgets/countdown/use-server-offset.ts) shows the chosen date too. What the server decides
 * itself (an activity's status, whether a draw is allowed) stays on the real date.
 */
import { shiftServerTimes } from './overrides';

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export function previewFetch(fetch: Fetch, offset: number): Fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
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
