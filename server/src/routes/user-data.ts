import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { invitationCode } from '../domain/invitation-code';
import { maskPhone } from '../domain/mask';
import { findUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { ok, unauthorized } from '../http/envelope';

interface AddressRow {
  name: string;
  phone: string;
  region: string;
  address: string;
  updated_at: Date;
}

const addressView = (r: AddressRow) => ({
  name: r.name,
  phone: r.phone,
  region: r.region,
  address: r.address,
  updateTime: new Date(r.updated_at).getTime(),
});

/**
 * The caller's phone, delivery address and invitation code (spec §7 user/*,
 * invitationPassword). Every call reads or writes only the row of the token's user; the
 * miid/sid parameters some pages send are ignored for that reason.
 */
export function registerUserDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'user.getUserPhone',
    auth: 'user',
    handler: async ({ userId }) => {
      const user = await findUser(ctx.db, userId);
      if (!user) throw unauthorized();
      // Masked: the page only shows it (same rule as passport/getUserProfile).
      return ok({ phone: maskPhone(user.phone) });
    },
  });

  defineRoute(app, ctx, {
    call: 'user.getUserDataByMiidSid',
    auth: 'user',
    handler: async ({ userId }) => {
      const res = await ctx.db.query<AddressRow>(
        'SELECT name, phone, region, address, updated_at FROM user_addresses WHERE user_id = $1',
        [userId],
      );
      const row = res.rows[0];
      // The owner gets the full phone back: the form is prefilled for editing.
      return ok(row ? addressView(row) : null);
    },
  });

  defineRoute(app, ctx, {
    call: 'user.insertOrUpdateUserData',
    auth: 'user',
    handler: async ({ input, userId }) => {
      return ok(
        await ctx.db.transaction(async (tx) => {
          const res = await tx.query<AddressRow>(
            `INSERT INTO user_addresses (user_id, name, phone, region, address) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, phone = EXCLUDED.phone,
               region = EXCLUDED.region, address = EXCLUDED.address, updated_at = now()
             RETURNING name, phone, region, address, updated_at`,
            [userId, input.name, input.phone, input.region, input.address],
          );
          const row = res.rows[0];
          if (!row) throw new Error('address upsert returned no row');
          // One address per user serves every prize: the caller's physical prizes waiting for
          // an address (any activity) can now ship. Same transaction as the address, so a
          // prize is never 'addressed' without one.
          const addressed = await tx.query(
            `UPDATE draws SET status = 'addressed'
             WHERE user_id = $1 AND prize_type = 'physical' AND status = 'unpaid' RETURNING id`,
            [userId],
          );
          return { ...addressView(row), addressedPrizes: addressed.rowCount };
        }),
      );
    },
  });

  defineRoute(app, ctx, {
    call: 'invitationPassword.getInvitationPassword',
    auth: 'user',
    handler: async ({ userId }) => ok({ password: await invitationCode(ctx.db, userId) }),
  });
}
