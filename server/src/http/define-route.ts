import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { optionalUser, requireUser, userRowExists } from '../auth/require-user';
import { fingerprintOf, idempotencyKey, storedResponse } from '../domain/idempotency';
import { serverContracts, type ServerCallName } from '../../../src/contracts';
import { coerceToSchema } from './coerce-input';
import { operatorOf } from './ops-token';
import { ApiError, ok, unauthorized, type Envelope, type ValueEnvelope } from './envelope';
import type { RateLimitedAction } from './rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read by the generated API reference (server/src/docs/api-reference.ts). */
    apiDoc?: {
      auth: 'user' | 'optional' | 'none' | 'ops';
      rateLimit: RateLimitedAction | null;
      /** A route of ours that spec §7 does not name: the reference marks it "not in spec". */
      ours: boolean;
    };
    /** The contract the route answers (src/contracts); the tests check answers against it. */
    contract?: ServerCallName;
  }
}

/** Anything a call may read: a zod object of its parameters. */
type InputSchema = z.ZodObject;

type Contracts = typeof serverContracts;
/** `ops`: an operator's bearer token (http/ops-token.ts); without one the route does not exist. */
type Auth = 'user' | 'optional' | 'none' | 'ops';

export interface RouteSpec<N extends ServerCallName, A extends Auth> {
  /**
   * The contract this route answers (src/contracts): method, path, input and output come from
   * it. A call answered with both methods (luckDraw and its GET twin) names both contracts,
   * which share one input and one output.
   */
  call: N | readonly [N, ...ServerCallName[]];
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
  handler: (call: {
    /** Validated once, before any handler or hook reads it (coerced like ajv, then zod). */
    input: z.output<Contracts[N]['input']>;
    userId: A extends 'user' ? string : string | null;
    /** auth 'ops': the operator the token names (the audit log records it). */
    operator: A extends 'ops' ? string : null;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<Answer<Contracts[N]>>;
}

/**
 * What a handler answers: the §7 envelope with the contract's output as `result`, or for the
 * two spec lookups that carry it in `value` (holiday, app-store URL) that shape.
 */
type Answer<C> = C extends { output: infer O extends z.ZodType; carrier: infer K }
  ? K extends 'value'
    ? ValueEnvelope<z.input<O>>
    : Envelope<z.input<O>>
  : never;

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

/** A 400 for input the contract refuses; the error handler answers it in the envelope. */
function validationError(error: z.ZodError): Error {
  return Object.assign(new Error(z.prettifyError(error)), { statusCode: 400, validation: [] });
}

/**
 * Registers one API call from its contract (src/contracts) with validation, identity, rate limit
 * and the §7 envelope. The input is validated once, by zod, in Fastify's validation step (a
 * route-level validatorCompiler, the way fastify-type-provider-zod does it, kept per route so the
 * other routes and the form-body parser stay as they are): the idempotency fingerprint and the
 * handler read the parsed value, `request.query` or `request.body`. The JSON Schema beside it
 * only documents the route (OpenAPI) and guides the coercion of text (coerce-input.ts).
 */
export function defineRoute<N extends ServerCallName, A extends Auth>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: RouteSpec<N, A>,
): void {
  const names: readonly ServerCallName[] = typeof spec.call === 'string' ? [spec.call] : spec.call;
  const contracts = names.map((name) => serverContracts[name]);
  const [first] = contracts;
  if (!first) throw new Error('defineRoute: no contract named');
  for (const contract of contracts) {
    if (contract.input !== first.input || contract.output !== first.output) {
      throw new Error(`defineRoute: ${names.join(', ')} do not share one input and output`);
    }
  }
  const input = first.input as InputSchema;
  const schema = toRouteSchema(input);
  const preHandler: preHandlerHookHandler[] = [];
  const rowDeferred = spec.auth === 'user' && spec.userRowCheckedByHandler === true;
  if (spec.auth === 'user') preHandler.push(requireUser(ctx, { checkRow: !rowDeferred }));
  if (spec.auth === 'optional') preHandler.push(optionalUser(ctx));
  const operators = new WeakMap<FastifyRequest, string>();
  if (spec.auth === 'ops') {
    preHandler.push(async (request, reply) => {
      const operator = operatorOf(request.headers.authorization, ctx.config);
      // As the other operator pages: without a token the route does not exist.
      if (operator === null) return reply.code(404).send();
      operators.set(request, operator);
    });
  }
  // Idempotency (issue 17, Stripe's rules): a malformed key is a 400 on every route; the key is
  // bound to a fingerprint of the request (idempotency.ts: the same key with another request is a
  // 422, a finished request under the key is replayed by the handler's transaction). The input
  // was validated already: the fingerprint is of the parsed value.
  preHandler.push(async (request) => {
    const key = idempotencyKey(request);
    request.idempotency = null;
    if (key === null || request.userId === null) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const parsed = method === 'GET' ? request.query : request.body;
    const path = (request.url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    request.idempotency = { key, fingerprint: fingerprintOf(method, path, parsed) };
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
  const validate = (data: unknown) => {
    const parsed = input.safeParse(coerceToSchema(data, schema));
    return parsed.success ? { value: parsed.data } : { error: validationError(parsed.error) };
  };
  for (const name of names) {
    const contract = serverContracts[name];
    const method = contract.method;
    const source = method === 'GET' ? 'querystring' : 'body';
    app.route({
      method,
      url: contract.path.replace(/\{(\w+)\}/g, ':$1'),
      schema: { [source]: schema },
      validatorCompiler: () => validate,
      // Read by the generated API reference (server/src/docs/api-reference.ts).
      config: {
        apiDoc: { auth: spec.auth, rateLimit: spec.rateLimit ?? null, ours: contract.ours },
        contract: name,
      },
      // A POST without a body is an empty form, not a missing object.
      preValidation: async (request) => {
        if (method === 'POST' && (request.body === undefined || request.body === null)) {
          request.body = {};
        }
      },
      preHandler,
      handler: async (request, reply) => {
        const parsed = (method === 'GET' ? request.query : request.body) as z.output<
          Contracts[N]['input']
        >;
        const userId = request.userId as A extends 'user' ? string : string | null;
        const operator = (operators.get(request) ?? null) as A extends 'ops' ? string : null;
        return spec.handler({ input: parsed, userId, operator, request, reply });
      },
    });
  }
}
