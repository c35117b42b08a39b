import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AppContext } from '../app-context';
import { wechatSignature } from '../domain/wechat-signature';
import { defineRoute } from '../http/define-route';
import { badRequest, okActivity } from '../http/envelope';

function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'null';
  }
}

/**
 * GET /mp/api/transpond/wechat?url= (spec §7): JS-SDK config for one of our pages. Success is
 * code 1 with result.data { appId, timestamp, nonceStr, signature }. Only pages on our own
 * origins are signed, so the endpoint cannot vouch for someone else's site.
 */
export function registerWechatRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'transpond.wechat',
    auth: 'none',
    handler: async ({ input, request }) => {
      let page: URL;
      try {
        page = new URL(input.url);
      } catch {
        throw badRequest('url must be an absolute page address');
      }
      const allowed = new Set([requestOrigin(request), ...ctx.config.ownOrigins]);
      if (!/^https?:$/.test(page.protocol) || !allowed.has(page.origin)) {
        throw badRequest('url must be a page on this site');
      }
      const timestamp = Math.floor(ctx.realNow().getTime() / 1000);
      const nonceStr = randomBytes(12).toString('base64url');
      const signature = wechatSignature({
        jsapiTicket: ctx.config.wechat.jsapiTicket,
        nonceStr,
        timestamp,
        url: input.url,
      });
      return okActivity({
        data: { appId: ctx.config.wechat.appId, timestamp, nonceStr, signature },
      });
    },
  });
}
