import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { serverContracts, type ServerCallName } from '../../../src/contracts';

/** Served at this path; docs/api.md is rendered from the same document (api-reference.ts). */
export const OPENAPI_PATH = '/mp/api/openapi.json';

/** The name of the service-token cookie scheme (auth/token.ts, decision 0003). */
const COOKIE_SCHEME = 'serviceToken';

/** spec §7: every call answers `{ code, result, error, msg }`. */
const envelope: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['code', 'result', 'error', 'msg'],
  properties: {
    code: {
      type: 'integer',
      description: '0 success (1 for activity info, spec §4), else the HTTP status',
    },
    result: { description: 'the call’s result; null on failure' },
    error: { type: ['string', 'null'], description: 'error name, null on success' },
    msg: { type: 'string' },
    requestId: {
      type: 'string',
      description: 'ours, on failures: the request id (also the X-Request-Id header), for support',
    },
  },
};
const ENVELOPE_REF = { $ref: '#/components/schemas/Envelope' };
const answer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ENVELOPE_REF } },
});

/** The success answer of a call: the envelope with its contract's output in `result` (or `value`). */
function success(name: ServerCallName, description: string) {
  const contract = serverContracts[name];
  const output = z.toJSONSchema(contract.output, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  const { $schema: _ignored, ...schema } = output;
  return {
    description,
    content: {
      'application/json': {
        schema: {
          allOf: [ENVELOPE_REF, { type: 'object', properties: { [contract.carrier]: schema } }],
        },
      },
    },
  };
}

/**
 * OpenAPI 3.1 from the route schemas themselves (issue 17), through @fastify/swagger: every route
 * registered with defineRoute (those carrying `config.apiDoc`) is documented with its parameters,
 * the login it needs (`security`), its rate limit and the envelope answers; other routes (the
 * pages, the storage links) are hidden. Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Campaign engine reference server',
        version: '1',
        description:
          'Every call of spec §7 under /mp/api/. Answers use the §7 envelope. Mutations take an ' +
          'Idempotency-Key header (Stripe rules: a replay answers the stored result, the key with ' +
          'another request is 422, a malformed key 400).',
      },
      components: {
        schemas: { Envelope: envelope },
        securitySchemes: {
          [COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'serviceToken',
            description: 'set by /mp/api/login with the userId cookie (spec §6: 401 starts login)',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const doc = route.config?.apiDoc;
      if (!doc || !url.startsWith('/mp/api/')) return { schema: { ...schema, hide: true }, url };
      const limited = doc.rateLimit !== null;
      const name = route.config?.contract;
      const ok = 'success (code 0, or 1 for activity info)';
      const responses: Record<string, unknown> = {
        200: name ? success(name, ok) : answer(ok),
        400: answer('bad input: schema, NUL or unpaired surrogate, malformed Idempotency-Key'),
        ...(doc.auth === 'user' ? { 401: answer('not logged in (spec §6, §8)') } : {}),
        ...(doc.auth === 'user'
          ? { 422: answer('Idempotency-Key sent with another request') }
          : {}),
        ...(limited ? { 429: answer('rate limit reached; see Retry-After') } : {}),
        503: answer('database unavailable; retry after Retry-After with the same key'),
      };
      return {
        url,
        schema: {
          ...schema,
          // The contract's name (src/contracts) and its module, e.g. 'generalActivity'.
          ...(name ? { operationId: name, tags: [name.slice(0, name.indexOf('.'))] } : {}),
          ...(route.method === 'POST' ||
          (Array.isArray(route.method) && route.method.includes('POST'))
            ? { consumes: ['application/x-www-form-urlencoded', 'application/json'] }
            : {}),
          security:
            doc.auth === 'user'
              ? [{ [COOKIE_SCHEME]: [] }]
              : doc.auth === 'optional'
                ? [{}, { [COOKIE_SCHEME]: [] }]
                : [],
          ...(limited || doc.ours
            ? {
                description: [
                  doc.ours ? 'Not in spec: a call of ours (spec §7 names none for this).' : '',
                  limited ? `Rate limit: \`${doc.rateLimit}\` per user.` : '',
                ]
                  .filter(Boolean)
                  .join(' '),
              }
            : {}),
          response: responses,
        },
      };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
