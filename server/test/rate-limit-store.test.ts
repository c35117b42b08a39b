import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRateLimits, windowMs } from '../src/http/rate-limit';
import type { RateCheck } from '../src/http/rate-limit';

/** What the limiter reads of a request: the verified user (define-route.ts runs it after login). */
const asUser = (userId: string) =>
  ({ userId, ip: '127.0.0.1', routeOptions: { config: {} } }) as unknown as FastifyRequest;

async function limiter(redis: Redis | null, nameSpace?: string) {
  const app = Fastify();
  const check = await registerRateLimits(
    app,
    { capacity: 3, refillPerSecond: 0.01 },
    redis,
    nameSpace,
  );
  await app.ready();
  return { app, check };
}

async function take(check: RateCheck, userId: string, n: number) {
  const out: (true | number)[] = [];
  for (let i = 0; i < n; i++) out.push(await check(asUser(userId), 'draw'));
  return out;
}

describe('rate limits through @fastify/rate-limit (issue 17)', () => {
  it('keeps the bucket rate as a window: capacity / refill per second', () => {
    expect(windowMs({ capacity: 10, refillPerSecond: 2 })).toBe(5000);
    expect(windowMs({ capacity: 0, refillPerSecond: 0 })).toBe(3_600_000);
  });

  it('in memory: capacity per user and action, then a Retry-After; one node only', async () => {
    const a = await limiter(null);
    const b = await limiter(null);
    const first = await take(a.check, 'u1', 4);
    expect(first.slice(0, 3)).toEqual([true, true, true]);
    expect(first[3]).toBeGreaterThan(0);
    expect(await a.check(asUser('u2'), 'draw')).toBe(true);
    expect(await a.check(asUser('u1'), 'vote')).toBe(true);
    // A second process has its own memory: the same user starts afresh there.
    expect(await b.check(asUser('u1'), 'draw')).toBe(true);
    await a.app.close();
    await b.app.close();
  });
});

// Redis runs on every machine of this project, CI included (issue 17).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits in Redis: one window for every node', () => {
  const clients: Redis[] = [];
  const apps: FastifyInstance[] = [];
  const nameSpace = `test-rl-${randomBytes(4).toString('hex')}:`;
  let checks: RateCheck[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      const { app, check } = await limiter(redis, nameSpace);
      apps.push(app);
      checks.push(check);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    const keys = await clients[0]?.keys(`${nameSpace}*`);
    if (keys && keys.length > 0) await clients[0]?.del(...keys);
    for (const c of clients) c.disconnect();
    checks = [];
  });

  it('three limiters on one Redis allow the capacity once, in total', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 9 }, (_, i) => checks[i % 3]?.(asUser('shared-user'), 'draw')),
    );
    expect(verdicts.filter((v) => v === true)).toHaveLength(3);
    expect(verdicts.filter((v) => typeof v === 'number' && v > 0)).toHaveLength(6);
  });

  it('names its keys <namespace><action>:<user> (was …undefinedundefined-draw:…, issue 35)', async () => {
    await checks[0]?.(asUser('key-user'), 'vote');
    expect(await clients[0]?.keys(`${nameSpace}*key-user`)).toEqual([`${nameSpace}vote:key-user`]);
  });
});
