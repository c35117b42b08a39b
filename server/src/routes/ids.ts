import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/**
 * GET /mp/api/generalActivity/getIdV2 (spec §7 "serial number"): a fresh unique id the page
 * uses as a serial/request number. Time-ordered (ms) plus process counter and random digits,
 * as a decimal string so JavaScript never rounds it.
 */
let counter = 0;

export function nextSerial(now: number): string {
  counter = (counter + 1) % 1000;
  return `${now}${String(counter).padStart(3, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
}

export function registerIdRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'generalActivity.getIdV2',
    auth: 'none',
    handler: async () => ok({ id: nextSerial(ctx.realNow().getTime()) }),
  });
}
