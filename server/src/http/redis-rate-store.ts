import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

/**
 * @fastify/rate-limit's own Redis store (its atomic Lua counter), with one change: a limiter made
 * by createRateLimit keeps the namespace as its keys' whole prefix. The library's child() appends
 * the route's method and url, which such a limiter does not have, so every key read
 * `mp-rate-limit:undefinedundefined-draw:…` (issue 35). Our keys name the action themselves
 * (rate-limit.ts: `<action>:<user>`), so children share the parent's prefix.
 */
export function actionKeyedRedisStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class ActionKeyedRedisStore extends RedisStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        options.continueExceeding ?? false,
        options.exponentialBackoff ?? false,
        redis,
        nameSpace,
      );
    }

    override child(): this {
      return this;
    }
  };
}
