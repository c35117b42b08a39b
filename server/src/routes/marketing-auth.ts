import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/**
 * The marketing-authorisation switch. spec §7 names only querySwitch (read); updateSwitch is a
 * call of ours (../shared/BREADTH.md point 4) so the settings page can change it. Consent is
 * opt-in: a user without a row has not authorised (status 0); every change is logged.
 */
export function registerMarketingAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'userMarketingAuth.querySwitch',
    auth: 'optional',
    handler: async ({ userId, reply }) => {
      reply.header('Cache-Control', 'no-store');
      if (userId === null) return ok({ status: 0, login: false, updateTime: null });
      const res = await ctx.db.query<{ status: number; updated_at: Date }>(
        'SELECT status, updated_at FROM marketing_auth WHERE user_id = $1',
        [userId],
      );
      const row = res.rows[0];
      return ok({
        status: row ? Number(row.status) : 0,
        login: true,
        updateTime: row ? new Date(row.updated_at).getTime() : null,
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'userMarketingAuth.updateSwitch',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const row = await ctx.db.transaction(async (tx) => {
        // The upsert and its log line commit together; setting the same value again logs nothing.
        const changed = await tx.query<{ updated_at: Date }>(
          `INSERT INTO marketing_auth (user_id, status) VALUES ($1, $2)
           ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()
             WHERE marketing_auth.status <> EXCLUDED.status
           RETURNING updated_at`,
          [userId, input.status],
        );
        if (changed.rows[0]) {
          await tx.query('INSERT INTO marketing_auth_log (user_id, status) VALUES ($1, $2)', [
            userId,
            input.status,
          ]);
          return { updated_at: changed.rows[0].updated_at, changed: true };
        }
        const current = await tx.query<{ updated_at: Date }>(
          'SELECT updated_at FROM marketing_auth WHERE user_id = $1',
          [userId],
        );
        return { updated_at: current.rows[0]?.updated_at ?? new Date(0), changed: false };
      });
      return ok({
        status: input.status,
        changed: row.changed,
        updateTime: new Date(row.updated_at).getTime(),
      });
    },
  });
}
