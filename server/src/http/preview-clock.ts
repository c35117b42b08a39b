import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PREVIEW_CLOCK_HEADER, PREVIEW_NOW_HEADER } from '../../../src/spec/constants';
import { parseCampaignTime } from '../../../src/spec/campaign-time';
import { badRequest } from './envelope';

/**
 * The preview's date on the server (issue 34): a request carrying PREVIEW_NOW_HEADER (an ISO
 * instant, the page's clock) runs on a clock moved that far, so an April page can be played end
 * to end in November; every other request sees the real clock. Only a server started for the
 * preview honours it (config.previewClock: PREVIEW_CLOCK=1, never with NODE_ENV=production,
 * see previewClockAllowed); any other server does not even read the header.
 *
 * Per request without threading the request through every domain function: the offset lives in
 * an AsyncLocalStorage entered when the request arrives (and re-entered after the body is read,
 * whose stream events lose it), and ctx.now() reads it.
 */

const requestOffset = new AsyncLocalStorage<number>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/** The instants the header accepts: an ISO date-time with seconds and Z or an offset. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;
/** A preview date outside these years is a typo, not a campaign. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** The instant a header value names, in ms, or null when it is not one the preview sends. */
export function parsePreviewNow(value: string): number | null {
  const text = value.trim();
  if (!ISO_INSTANT.test(text)) return null;
  const ms = parseCampaignTime(text)?.ms;
  return ms !== undefined && ms >= EARLIEST && ms < LATEST ? ms : null;
}

/** `base` moved by the current request's preview offset, when it has one. */
export function previewAwareClock(base: () => Date): () => Date {
  return () => {
    const offset = requestOffset.getStore();
    const now = base();
    return offset === undefined ? now : new Date(now.getTime() + offset);
  };
}

/** Whether a server with this environment honours the preview's date: never in production. */
export function previewClockAllowed(env: { NODE_ENV: string; PREVIEW_CLOCK: boolean }): boolean {
  return env.PREVIEW_CLOCK && env.NODE_ENV !== 'production';
}

/** Reads the header of each request (call only when config.previewClock is on). */
export function registerPreviewClock(app: FastifyInstance, base: () => Date): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.headers[PREVIEW_NOW_HEADER];
    if (raw === undefined) return done();
    const at = typeof raw === 'string' ? parsePreviewNow(raw) : null;
    if (at === null) {
      return done(
        badRequest(
          `${PREVIEW_NOW_HEADER}: expected one ISO instant such as 2026-04-10T10:00:00.000+08:00`,
        ),
      );
    }
    const offset = at - base().getTime();
    reply.header(PREVIEW_CLOCK_HEADER, String(offset));
    requestOffset.run(offset, () => {
      const scope = new AsyncResource('preview-clock');
      scopes.set(request, scope);
      scope.runInAsyncScope(done, undefined);
    });
  });
  // Body parsing continues from the socket's events, outside the scope entered above.
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done, undefined);
    else done();
  });
}
