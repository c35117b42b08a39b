import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { ApiError, ok } from '../http/envelope';
import { DEV_SMS_INBOX_PATH } from './sign-in-constants';
import { readDevInbox } from './sms/sms-sender';

const query = z.object({ phone: z.string().regex(/^1[3-9]\d{9}$/) });

/**
 * Development only (never registered with NODE_ENV=production or an SMS hook): the newest code
 * the development sender wrote for a phone, so tests and the preview sign in through the real
 * flow without a phone.
 */
export function registerDevInboxRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(DEV_SMS_INBOX_PATH, async (request) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) throw new ApiError(400, 'phone: expected a mainland mobile number');
    const code = await readDevInbox(ctx.db, parsed.data.phone);
    if (code === null) throw new ApiError(404, 'no code sent to this phone');
    return ok({ phone: parsed.data.phone, code });
  });
}
