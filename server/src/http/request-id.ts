import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids (issue 35): one id per request, unique across nodes, in the response header, in
 * every error body (envelope.ts) and on every log line of the request, so a user quoting the id
 * of a failed call leads to its log lines on whichever node served it.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The field of the log lines that carries the id (Fastify's default is `reqId`). */
export const REQUEST_ID_LOG_LABEL = 'requestId';

/**
 * An id a balancer or a caller may hand us: 8-128 letters, digits and `. _ : -` (a UUID, a
 * trace id, a ULID). Anything else (markup, spaces, a list of ids, a log-forging newline) is
 * replaced, never echoed: the id goes into headers, JSON bodies and log lines.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

export function acceptedRequestId(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && WELL_FORMED.test(value) ? value : null;
}

/** Fastify's genReqId: the caller's well-formed id, else a random UUID. */
export function requestIdOf(request: IncomingMessage): string {
  return acceptedRequestId(request.headers[REQUEST_ID_HEADER.toLowerCase()]) ?? randomUUID();
}

/** Every answer (404s and errors included) names its request id in X-Request-Id. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
