import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { body } from './harness';
import { createLoggedApp, LEVEL } from './logged-app';
import type { LoggedApp } from './logged-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UNKNOWN_CALL = '/mp/api/noSuchCall';
const XSS = '/work/shared/corpora/xss/payloads.json';
const REDIRECTS = '/work/shared/corpora/redirect/payloads.txt';

/** A database whose `SELECT 1` fails like a bug (not a lost connection): readiness answers 500. */
const brokenReadiness = (db: Db): Db => ({
  ...db,
  query: async (sql, params, options) => {
    if (sql === 'SELECT 1') throw new Error('boom: a bug, not an outage');
    return db.query(sql, params, options);
  },
});

/** The `requestId` of a failure envelope (ours, beside the spec's four fields). */
const requestIdIn = (res: { body: string }) =>
  (JSON.parse(res.body) as { requestId?: unknown }).requestId;

const flushLogs = () => new Promise((resolve) => setImmediate(resolve));

// Issue 35 point 5: ids were `req-1`, `req-2`… per process (colliding across nodes), an incoming
// X-Request-Id was ignored, and a 500 carried nothing a user could quote to support.
describe('request ids', () => {
  let a: LoggedApp;
  let b: LoggedApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createLoggedApp({ staticDir: null, wrapDb: brokenReadiness }),
      createLoggedApp({ staticDir: null }),
    ]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  it('are random UUIDs, unique across two nodes, and answered in X-Request-Id', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      for (const node of [a, b]) {
        const res = await node.app.inject({ url: '/mp/api/health' });
        expect(res.statusCode).toBe(200);
        ids.push(String(res.headers['x-request-id']));
      }
    }
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keep a well-formed incoming X-Request-Id: header, error body and log lines', async () => {
    const given = 'lb-7f3a9c2e-0001';
    const res = await b.app.inject({ url: UNKNOWN_CALL, headers: { 'x-request-id': given } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe(given);
    expect(body(res)).toMatchObject({ code: 404, error: 'NOT_FOUND', requestId: given });
    await flushLogs();
    const lines = b.lines.filter((l) => l.requestId === given).map((l) => l.msg);
    expect(lines).toEqual(['incoming request', 'request completed']);
  });

  it('replace a hostile or malformed incoming id, never echoing it', async () => {
    const hostile = [
      ...(existsSync(XSS) ? (JSON.parse(readFileSync(XSS, 'utf8')) as string[]) : []),
      ...(existsSync(REDIRECTS) ? readFileSync(REDIRECTS, 'utf8').split('\n') : []),
      'short',
      'x'.repeat(129),
      'id-0001\r\nlevel: 60',
      'id-0001, id-0002',
    ].filter((p) => /[^A-Za-z0-9._:-]/.test(p) || p.length < 8 || p.length > 128);
    expect(hostile.length).toBeGreaterThan(4);
    for (const payload of hostile) {
      const res = await b.app.inject({ url: UNKNOWN_CALL, headers: { 'x-request-id': payload } });
      const id = res.headers['x-request-id'];
      expect(id, payload).toMatch(UUID);
      expect(requestIdIn(res), payload).toBe(id);
    }
    await flushLogs();
    const logged = new Set(b.lines.map((l) => l.requestId));
    expect(hostile.filter((p) => logged.has(p))).toEqual([]);
  });

  it('a 500 body and its log line carry the same request id', async () => {
    const res = await a.app.inject({ url: '/mp/api/health/ready' });
    expect(res.statusCode).toBe(500);
    const id = requestIdIn(res);
    expect(id).toMatch(UUID);
    expect(res.headers['x-request-id']).toBe(id);
    await flushLogs();
    const errors = a.lines.filter((l) => l.level >= LEVEL.error);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ requestId: id, msg: 'unhandled error' });
    expect(errors[0]?.err?.message).toContain('boom');
    // Every line of a request names it (the same child logger); none names another.
    const lines = a.lines.filter((l) => l.requestId === id).map((l) => l.msg);
    expect(lines).toEqual(['incoming request', 'unhandled error', 'request completed']);
  });
});
