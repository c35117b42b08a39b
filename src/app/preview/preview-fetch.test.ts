import { describe, expect, it, vi } from 'vitest';
import { PREVIEW_CLOCK_HEADER, PREVIEW_NOW_HEADER } from '../../spec/constants';
import { previewFetch } from './preview-fetch';

const ORIGIN = 'http://localhost:5173';
const REAL_NOW = Date.parse('2026-11-27T10:00:00+08:00');
const APRIL = Date.parse('2027-04-10T10:00:00+08:00');
const OFFSET = APRIL - REAL_NOW;

function answer(body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe("the preview's fetch under a date override (issue 34)", () => {
  it("sends the page's clock with each call to its own origin, keeping the call's headers", async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer({}));
    const send = previewFetch(fetch, OFFSET, ORIGIN, () => REAL_NOW);
    await send(new URL('/mp/api/generalActivity/luckDraw', ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get(PREVIEW_NOW_HEADER)).toBe('2027-04-10T02:00:00.000Z');
    expect(headers.get('content-type')).toBe('application/json');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('never sends the date to another origin', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer({}));
    await previewFetch(fetch, OFFSET, ORIGIN)('https://partner.example.com/api', {});
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has(PREVIEW_NOW_HEADER)).toBe(false);
  });

  it('leaves the answer of a server that moved its clock as it is', async () => {
    const fetch = vi.fn(async () =>
      answer({ serverTime: APRIL }, { [PREVIEW_CLOCK_HEADER]: String(OFFSET) }),
    );
    const res = await previewFetch(fetch, OFFSET, ORIGIN)('/mp/api/x');
    expect(await res.json()).toEqual({ serverTime: APRIL });
  });

  it('moves serverTime itself when the server ignored the date (not a preview server)', async () => {
    const fetch = vi.fn(async () => answer({ result: { serverTime: REAL_NOW } }));
    const res = await previewFetch(fetch, OFFSET, ORIGIN)('/mp/api/x');
    expect(await res.json()).toEqual({ result: { serverTime: APRIL } });
  });
});
