import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { optionalUser, requireUser, userRowExists } from '../auth/require-user';
import { fingerprintOf, idempotencyKey, storedResponse } from '../domain/idempotency';
import { ApiError, badRequest, ok, unauthorized } from './envelope';
import type { RateLimitedAction } from './rate-limit';

type Method = 'GET' | 'POST';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read by the generated API reference (server/src/docs/api-reference.ts). */
    apiDoc?: {
      auth: 'user' | 'optional' | 'none';
      rateLimit: RateLimitedAction | null;
      /** A route of ours that spec §7 does not name: the reference marks it "not in spec". */
      ours: boolean;
    };
  }
}

/** Anything a call may read: a zod object of its parameters. */
type InputSchema = z.ZodObject;

export interface RouteSpec<S extends InputSchema, A extends 'user' | 'optional' | 'none'> {
  /** One or both; GET reads the query string, POST the (form or JSON) body (spec §7). */
  method: Method | readonly Method[];
  url: string;
  input: S;
  auth: A;
  /**
   * auth 'user' only: the handler's one database statement refuses a user id without a row
   * with 401 itself, so the preHandler checks the token but skips its `SELECT 1 FROM users` (one
   * round trip fewer; the draw, decision 0022). A call the rate limit refuses checks the row
   * before answering, so a deleted account still gets 401, never 429.
   */
  userRowCheckedByHandler?: A extends 'user' ? boolean : never;
  /** Token bucket checked before the handler, so a 429 consumes nothing. */
  rateLimit?: RateLimitedAction;
  /** Not named by spec §7 (../shared/BREADTH.md point 4); the API reference says so. */
  ours?: boolean;
  handler: (call: {
    input: z.output<S>;
    userId: A extends 'user' ? string : string | null;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<unknown>;
}

/**
 * JSON Schema for Fastify's validator, derived from the zod input schema (types come from
 * schemas, STYLE §2). draft-07 because that is what Fastify's ajv speaks. Extra fields are
 * allowed: the client adds common parameters (spec §3) to every call.
 */
export function toRouteSchema(schema: InputSchema): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-07', io: 'input', unrepresentable: 'any' });
  const { $schema: _ignored, additionalProperties: _extra, ...rest } = json;
  return rest;
}

/** Registers one API call with validation, identity, rate limit and the §7 envelope. */
export function defineRoute<S extends InputSchema, A extends 'user' | 'optional' | 'none'>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: RouteSpec<S, A>,
): void {
  const methods: readonly Method[] = typeof spec.method === 'string' ? [spec.method] : spec.method;
  const schema = toRouteSchema(spec.input);
  const preHandler: preHandlerHookHandler[] = [];
  const rowDeferred = spec.auth === 'user' && spec.userRowCheckedByHandler === true;
  if (spec.auth === 'user') preHandler.push(requireUser(ctx, { checkRow: !rowDeferred }));
  if (spec.auth === 'optional') preHandler.push(optionalUser(ctx));
  // Idempotency (issue 17, Stripe's rules): a malformed key is a 400 on every route; the key is
  // bound to a fingerprint of the request (idempotency.ts: the same key with another request is a
  // 422, a finished request under the key is replayed by the handler's transaction).
  preHandler.push(async (request) => {
    const key = idempotencyKey(request);
    request.idempotency = null;
    if (key === null || request.userId === null) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const parsed = spec.input.safeParse(method === 'GET' ? request.query : request.body);
    if (!parsed.success) return; // the handler answers 400
    const path = (request.url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    request.idempotency = { key, fingerprint: fingerprintOf(method, path, parsed.data) };
  });
  const action = spec.rateLimit;
  if (action) {
    preHandler.push(async (request, reply) => {
      if (!request.userId) return;
      const verdict = await ctx.rateCheck(request, action);
      if (verdict === true) return;
      if (rowDeferred && !(await userRowExists(ctx, request.userId))) throw unauthorized();
      // A replay is answered whatever the limit (Stripe): the stored answer is looked up only
      // here, when the limit refuses, so an allowed call pays no extra query for it.
      const claim = request.idempotency;
      const stored = claim ? await storedResponse(ctx.db, request.userId, claim) : undefined;
      if (stored) {
        // Every idempotent call answers ok(result) (idempotency.ts); the header is Stripe's.
        await reply.header('Idempotent-Replayed', 'true').send(ok(stored.response));
        return reply;
      }
      reply.header('Retry-After', String(verdict));
      throw new ApiError(429, 'too many requests, try again shortly');
    });
  }
  for (const method of methods) {
    const source = method === 'GET' ? 'querystring' : 'body';
    app.route({
      method,
      url: spec.url,
      schema: { [source]: schema },
      // Read by the generated API reference (server/src/docs/api-reference.ts).
      config: {
        apiDoc: { auth: spec.auth, rateLimit: spec.rateLimit ?? null, ours: spec.ours ?? false },
      },
      // A POST without a body is an empty form, not a missing object.
      preValidation: async (request) => {
        if (method === 'POST' && (request.body === undefined || request.body === null)) {
          request.body = {};
        }
      },
      preHandler,
      handler: async (request, reply) => {
        const raw = method === 'GET' ? request.query : request.body;
        const parsed = spec.input.safeParse(raw);
        if (!parsed.success) throw badRequest(z.prettifyError(parsed.error));
        const userId = request.userId as A extends 'user' ? string : string | null;
        return spec.handler({ input: parsed.data, userId, request, reply });
      },
    });
  }
}
