import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { defineRoute } from '../http/define-route';
import { ApiError, ok } from '../http/envelope';

/** Cards one user may bind. */
export const MAX_BANK_CARDS = 5;

/** The Luhn check every bank card number passes (ISO/IEC 7812). */
// The card rule lives with the call's contract; re-exported for the tests that pin it.
export { luhnValid } from '../../../src/contracts/bank-cards';

interface CardRow {
  id: string;
  bank_name: string;
  last4: string;
  created_at: Date;
}
const cardView = (r: CardRow) => ({
  cardId: Number(r.id),
  bankName: r.bank_name,
  last4: r.last4,
  bindTime: new Date(r.created_at).getTime(),
});

/**
 * Card binding behind /bind-card (ours, not in spec §7; configActivity/bindCardUrl leads there).
 * The number is never stored: its last four digits for display, a hash for "bound once".
 */
export function registerBankCardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = async (userId: string) =>
    (
      await ctx.db.query<CardRow>(
        `SELECT id::text AS id, bank_name, last4, created_at FROM bank_cards
         WHERE user_id = $1 ORDER BY id`,
        [userId],
      )
    ).rows.map(cardView);

  defineRoute(app, ctx, {
    call: 'bankCard.list',
    auth: 'user',
    handler: async ({ userId }) => ok({ list: await list(userId), max: MAX_BANK_CARDS }),
  });

  defineRoute(app, ctx, {
    call: 'bankCard.bind',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      const hash = createHash('sha256').update(`${userId}:${input.cardNumber}`).digest('hex');
      // The user's row is locked, so two binds of different cards cannot both pass the count;
      // the unique (user, hash) makes a repeated bind of one card a no-op (a retry answers the
      // stored card).
      const res = await ctx.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
        return tx.query<CardRow>(
          `INSERT INTO bank_cards (user_id, bank_name, last4, card_hash)
         SELECT $1::bigint, $2::text, $3::text, $4::text
         WHERE (SELECT count(*) FROM bank_cards WHERE user_id = $1::bigint) < $5::int
         ON CONFLICT (user_id, card_hash) DO NOTHING
         RETURNING id::text AS id, bank_name, last4, created_at`,
          [userId, input.bankName, input.cardNumber.slice(-4), hash, MAX_BANK_CARDS],
        );
      });
      const row = res.rows[0];
      if (row) return ok({ bound: true, alreadyBound: false, card: cardView(row) });
      const existing = await ctx.db.query<CardRow>(
        `SELECT id::text AS id, bank_name, last4, created_at FROM bank_cards
         WHERE user_id = $1 AND card_hash = $2`,
        [userId, hash],
      );
      const found = existing.rows[0];
      if (found) return ok({ bound: true, alreadyBound: true, card: cardView(found) });
      throw new ApiError(409, `at most ${MAX_BANK_CARDS} cards`, 'LIMIT_REACHED');
    },
  });
}
