import type { FastifyInstance } from 'fastify';

import { API_SUCCESS_CODE } from '../../../src/spec/constants';
import type { AppContext } from '../app-context';
import { KNOWN_APPS, storeUrlOf } from '../config/app-store';
import { defineRoute } from '../http/define-route';

const byPackage = new Map(KNOWN_APPS.map((a) => [a.packageName, a]));

/**
 * GET /mp/api/generalActivity/getAppStoreUrl (spec §7: "by targetPackageName: response code,
 * value, error"). A package we do not know is not a failed call: code 0 with an empty value and
 * the error the client shows as a toast (spec §8 "App-store lookup failure"); only a malformed
 * name is a 400.
 */
export function registerAppStoreRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'generalActivity.getAppStoreUrl',
    auth: 'none',
    handler: async ({ input, reply }) => {
      const known = byPackage.get(input.targetPackageName);
      reply.header('Cache-Control', 'public, max-age=3600');
      if (!known) {
        const error = `no store page is known for ${input.targetPackageName}`;
        return { code: API_SUCCESS_CODE, value: '', error, msg: error };
      }
      return {
        code: API_SUCCESS_CODE,
        value: storeUrlOf(known.packageName),
        error: null,
        msg: 'success',
      };
    },
  });
}
