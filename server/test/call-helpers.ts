import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import type { TestApp } from './harness';

type Params = Record<string, string | number>;

/**
 * GET/POST shortcuts for the benefit-family tests: params become the query string (GET) or a
 * form body (POST, as the client sends it, spec §7); cookie null = not logged in.
 */
export function caller(t: TestApp) {
  const headersOf = (cookie: string | null, key?: string) => ({
    ...(cookie === null ? {} : { cookie }),
    ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }),
  });
  const query = (params: Params) =>
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return {
    get: (url: string, params: Params, cookie: string | null, key?: string) =>
      t.app.inject({ method: 'GET', url, query: query(params), headers: headersOf(cookie, key) }),
    post: (url: string, params: Params, cookie: string | null, key?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          ...headersOf(cookie, key),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(query(params)).toString(),
      }),
  };
}

/** Gold rice in cents and chance balance of a user, read straight from the ledgers. */
export async function balances(t: TestApp, userId: string, code = 'demo-luckdraw') {
  const gold = await t.db.query<{ sum: string | number | null }>(
    'SELECT SUM(amount_cents) AS sum FROM gold_rice_ledger WHERE user_id = $1 AND activity_code = $2',
    [userId, code],
  );
  const chances = await t.db.query<{ balance: number }>(
    'SELECT balance FROM user_chances WHERE user_id = $1 AND activity_code = $2',
    [userId, code],
  );
  return { goldRiceCents: Number(gold.rows[0]?.sum ?? 0), chances: chances.rows[0]?.balance ?? 0 };
}
