import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { answer, envelope, success } from './openapi-answers';
import { securityOf, securitySchemes } from './openapi-security';

/** Served at this path; docs/api.md is rendered from the same document (api-reference.ts). */
export const OPENAPI_PATH = '/mp/api/openapi.json';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The OpenAPI description (a @fastify/swagger route schema) of a route outside defineRoute
     * that is still part of the API: the storage routes (docs/file-routes-doc.ts).
     */
    openApi?: Record<string, unknown>;
  }
}

/**
 * OpenAPI 3.1 from the route schemas themselves (issue 17), through @fastify/swagger: every route
 * registered with defineRoute (those carrying `config.apiDoc`) is documented with its parameters,
 * the login it needs (`security`), its rate limit and the envelope answers; so is a route that
 * describes itself (`config.openApi`: the storage routes); other routes (the pages) are hidden. Register before the routes.
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
        securitySchemes,
      },
    },
    transform: ({ schema, url, route }) => {
      const own = route.config?.openApi;
      if (own && url.startsWith('/mp/api/')) return { url, schema: { ...schema, ...own } };
      const doc = route.config?.apiDoc;
      if (!doc || !url.startsWith('/mp/api/')) return { schema: { ...schema, hide: true }, url };
      const limited = doc.rateLimit !== null;
      const name = route.config?.contract;
      const ok = 'success (code 0, or 1 for activity info)';
      const responses: Record<string, unknown> = {
        200: name ? success(name, ok) : answer(ok),
        400: answer('bad input: schema, NUL or unpaired surrogate, malformed Idempotency-Key'),
        ...(doc.auth === 'user' ? { 401: answer('not logged in (spec §6, §8)') } : {}),
        ...(doc.auth === 'ops' ? { 404: { description: 'no operator token: as if absent' } } : {}),
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
          security: securityOf(doc.auth),
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
