import type { FastifyInstance } from 'fastify';

import { API_SUCCESS_CODE } from '../../../src/spec/constants';
import type { AppContext } from '../app-context';
import { HOLIDAYS } from '../config/holidays';
import { dayOfYear } from '../domain/campaign-time';
import { defineRoute } from '../http/define-route';

/**
 * GET /mp/api/generalActivity/holiday (spec §3, §7): `{ code: 0, value, error }` where value is
 * a JSON string of [{ year, workday, freeday }] with day-of-year numbers. `year` narrows it.
 */
export function registerHolidayRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'generalActivity.holiday',
    auth: 'none',
    handler: async ({ input, reply }) => {
      const years = HOLIDAYS.filter((h) => input.year === undefined || h.year === input.year).map(
        (h) => ({
          year: h.year,
          workday: h.workday.map(dayOfYear),
          freeday: h.freeday.map(dayOfYear),
        }),
      );
      reply.header('Cache-Control', 'public, max-age=86400');
      return { code: API_SUCCESS_CODE, value: JSON.stringify(years), error: null, msg: 'success' };
    },
  });
}
