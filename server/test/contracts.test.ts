import type { RouteOptions } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverContracts, type ServerCallName } from '../../src/contracts';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/app-context';
import { makeAppConfig } from '../src/config/app-config';
import { loadActivities } from '../src/config/load-activities';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite-driver';
import { defineRoute } from '../src/http/define-route';
import { errorHandler, ok } from '../src/http/envelope';
import { checkAnswers, contractProblem } from './contract-check';

/**
 * Routes and contracts (src/contracts) match one to one (issue 31); the answers themselves are
 * checked in every server test through the harness (contract-check.ts), and the check is shown
 * here to catch an answer off its contract.
 */

/** Routes that are not API calls of a page: no contract, by design. */
const NOT_CALLS = new Set([
  'GET /mp/api/openapi.json', // the OpenAPI document itself
  // Sign-in (server/src/auth): HTML pages and redirects of OpenID Connect, not JSON calls.
  'GET /mp/api/login',
  'GET /mp/api/login/callback',
  'GET /mp/api/logout',
  'POST /mp/api/logout',
  'GET /mp/api/oidc/interaction/:uid',
  'POST /mp/api/oidc/interaction/:uid/send',
  'POST /mp/api/oidc/interaction/:uid/login',
  'GET /mp/api/dev/sms-inbox', // development only: where tests read a sign-in code
  'PUT /mp/api/file/put/:token', // one-time storage links, signed (routes/files.ts)
  'POST /mp/api/file/put/:token',
  'GET /mp/api/file/object/:name',
]);

const pathOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

describe('every route has a contract and every contract a route', () => {
  const routes: { key: string; contract: ServerCallName | undefined }[] = [];
  beforeAll(async () => {
    const db = await openPglite();
    await migrate(db);
    const app = await buildApp({
      db,
      config: makeAppConfig(new Map(await loadActivities())),
      secret: 'contracts-test-secret-0123456789abcdef',
      staticDir: null,
      logger: false,
      onRoute: (route: RouteOptions) => {
        const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD');
        for (const method of methods) {
          routes.push({ key: `${method} ${route.url}`, contract: route.config?.contract });
        }
      },
    });
    await app.ready();
    await app.close();
    await db.close();
  });

  it('answers no /mp/api/ call without a contract', () => {
    const loose = routes
      .filter((r) => r.key.includes(' /mp/api/') && r.contract === undefined)
      .map((r) => r.key)
      .filter((key) => !NOT_CALLS.has(key));
    expect(loose).toEqual([]);
  });

  it('registers each contract at its method and path', () => {
    const served = new Set(routes.filter((r) => r.contract).map((r) => r.key));
    const unserved = Object.entries(serverContracts)
      .map(([name, c]) => [name, `${c.method} ${pathOf(c.path)}`] as const)
      .filter(([, key]) => !served.has(key));
    expect(unserved).toEqual([]);
  });

  it('names each route after a contract of its own method and path', () => {
    const wrong = routes
      .filter((r) => r.contract !== undefined)
      .filter((r) => {
        const c = serverContracts[r.contract as ServerCallName];
        return r.key !== `${c.method} ${pathOf(c.path)}`;
      });
    expect(wrong).toEqual([]);
  });
});

describe('the answer check (contract-check.ts)', () => {
  const answer = (result: unknown) => JSON.stringify({ code: 0, result, error: null, msg: 'ok' });

  it('passes an answer of the contract and ignores failures', () => {
    const good = { remainChance: 2, costPerDraw: 1 };
    expect(contractProblem('generalActivity.getRemainChance', answer(good))).toBeNull();
    const refused = JSON.stringify({ code: 401, result: null, error: 'UNAUTHORIZED', msg: 'x' });
    expect(contractProblem('generalActivity.getRemainChance', refused)).toBeNull();
  });

  it('refuses a missing field, a wrong type and a field the contract lacks', () => {
    const name = 'generalActivity.getRemainChance';
    expect(contractProblem(name, answer({ remainChance: 2 }))).toMatch(/costPerDraw/);
    expect(contractProblem(name, answer({ remainChance: '2', costPerDraw: 1 }))).toMatch(
      /remainChance/,
    );
    expect(contractProblem(name, answer({ remainChance: 2, costPerDraw: 1, odds: 0.1 }))).toMatch(
      /odds/,
    );
  });

  it('reads the answer in `value` for the two lookups that carry it there', () => {
    const value = (v: unknown) => JSON.stringify({ code: 0, value: v, error: null, msg: 'ok' });
    expect(contractProblem('generalActivity.holiday', value('[]'))).toBeNull();
    expect(contractProblem('generalActivity.holiday', value(3))).not.toBeNull();
  });

  describe('on a live route', () => {
    const app = Fastify();
    let failures: () => readonly unknown[] = () => [];
    beforeAll(async () => {
      app.setErrorHandler(errorHandler);
      const ctx = {
        db: { driver: 'pglite' },
        config: { activities: new Map() },
      } as unknown as AppContext;
      defineRoute(app, ctx, {
        call: 'ops.health',
        auth: 'none',
        // A handler that drifted from its contract: an extra field the contract does not name.
        handler: async () =>
          ok({ status: 'ok' as const, db: 'pglite' as const, activities: 0, uptime: 5 }),
      });
      failures = checkAnswers(app);
      await app.ready();
    });
    afterAll(() => app.close());

    it('records the answer that left its contract', async () => {
      const res = await app.inject({ method: 'GET', url: '/mp/api/health' });
      expect(res.statusCode).toBe(200);
      expect(failures()).toEqual([
        expect.objectContaining({
          contract: 'ops.health',
          problem: expect.stringMatching(/uptime/),
        }),
      ]);
    });
  });
});
