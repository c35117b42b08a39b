import type { Queryable } from '../db/types';
import { ApiError } from '../http/envelope';
import { maskPhone } from './mask';
import { findUser } from './users';

/** The phone bound for an activity, or null. */
export async function boundPhone(
  db: Queryable,
  userId: string,
  activityCode: string,
): Promise<string | null> {
  const res = await db.query<{ phone: string }>(
    'SELECT phone FROM tongcheng_bindings WHERE user_id = $1 AND activity_code = $2',
    [userId, activityCode],
  );
  return res.rows[0]?.phone ?? null;
}

/**
 * Binds the phone the partner credits (the one typed, or the account's own when the visitor kept
 * the masked one) unless one is bound already: the first binding stays, so a coupon already
 * credited cannot move to another phone. Answers the phone now bound. Without a phone to bind
 * and none bound, the draw cannot happen (PHONE_REQUIRED).
 */
export async function ensureBinding(
  tx: Queryable,
  userId: string,
  activityCode: string,
  input: { phone?: string | undefined; useAccountPhone?: boolean | undefined },
): Promise<string> {
  let phone = input.phone ?? null;
  if (phone === null && input.useAccountPhone) {
    const user = await findUser(tx, userId);
    phone = user?.phone ?? null;
  }
  if (phone !== null) {
    await tx.query(
      `INSERT INTO tongcheng_bindings (user_id, activity_code, phone) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [userId, activityCode, phone],
    );
  }
  const bound = await boundPhone(tx, userId, activityCode);
  if (bound === null) throw new ApiError(409, 'bind a phone first', 'PHONE_REQUIRED');
  return bound;
}

export const maskedOrNull = (phone: string | null) => (phone === null ? null : maskPhone(phone));
