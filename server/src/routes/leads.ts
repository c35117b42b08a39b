import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { findActivity } from '../domain/activity-guard';
import { requireOngoing } from '../domain/benefit-guard';
import { maskPhone } from '../domain/mask';
import { findUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { badRequest, ok, unauthorized } from '../http/envelope';

/** The contact phone: the one typed, or the account's own when the visitor kept it (masked on the page). */
async function contactPhone(
  ctx: AppContext,
  userId: string,
  input: { phone?: string | undefined; useAccountPhone?: boolean | undefined },
): Promise<string> {
  if (input.phone) return input.phone;
  if (!input.useAccountPhone) throw badRequest('phone is required (or useAccountPhone)');
  const user = await findUser(ctx.db, userId);
  if (!user) throw unauthorized();
  return user.phone;
}

interface LeadRow {
  name: string;
  phone: string;
  city: string;
  created_at: Date;
}

// Shown back masked: the status page only confirms what was left.
const leadView = (r: LeadRow) => ({
  name: r.name,
  phone: maskPhone(r.phone),
  city: r.city,
  saveTime: new Date(r.created_at).getTime(),
});

/**
 * Leads (spec §7: GET leads/status, POST and GET leads/save): a contact form, once per user and
 * activity. A repeated save answers with the stored lead (alreadySaved) and changes nothing.
 */
export function registerLeadRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'leads.status',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<LeadRow>(
        'SELECT name, phone, city, created_at FROM leads WHERE user_id = $1 AND activity_code = $2',
        [userId, activity.activityCode],
      );
      const row = res.rows[0];
      return ok({ saved: row !== undefined, lead: row ? leadView(row) : null });
    },
  });

  defineRoute(app, ctx, {
    call: ['leads.save', 'leads.save.get'],
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const phone = await contactPhone(ctx, userId, input);
      const won = await ctx.db.query<LeadRow>(
        `INSERT INTO leads (user_id, activity_code, name, phone, city) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING name, phone, city, created_at`,
        [userId, activity.activityCode, input.name, phone, input.city],
      );
      const saved =
        won.rows[0] ??
        (
          await ctx.db.query<LeadRow>(
            `SELECT name, phone, city, created_at FROM leads
             WHERE user_id = $1 AND activity_code = $2`,
            [userId, activity.activityCode],
          )
        ).rows[0];
      if (!saved) throw new Error('lead vanished after insert');
      return ok({ saved: true, alreadySaved: won.rowCount === 0, lead: leadView(saved) });
    },
  });
}
