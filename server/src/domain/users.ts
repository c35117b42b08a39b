import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { maskPhone } from './mask';

export interface UserRow {
  id: number;
  phone: string;
  nick_name: string;
  avatar_url: string;
  share_code: string;
  created_at: Date;
  last_login_at: Date;
}

/** A mainland mobile number; an account is made on its first proven sign-in. */
export { accountPhoneFlag, PHONE_PATTERN } from '../../../src/contracts/shared';

/**
 * The user of a phone the sign-in has proven (auth/login-routes.ts only): created on first use,
 * named by the masked phone (138****8123) until they choose a name.
 */
export async function signInByPhone(db: Queryable, phone: string): Promise<UserRow> {
  const shareCode = randomBytes(6).toString('base64url');
  const res = await db.query<UserRow>(
    `INSERT INTO users (phone, nick_name, share_code) VALUES ($1, $2, $3)
     ON CONFLICT (phone) DO UPDATE SET last_login_at = now()
     RETURNING *`,
    [phone, maskPhone(phone), shareCode],
  );
  const row = res.rows[0];
  if (!row) throw new Error('user upsert returned no row');
  return row;
}

export async function findUser(db: Queryable, userId: string): Promise<UserRow | null> {
  const res = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [userId]);
  return res.rows[0] ?? null;
}

/** A user is new to an activity when the account was created after the activity started. */
export function isNewUser(user: UserRow, windowStart: string): boolean {
  return new Date(user.created_at).getTime() >= Date.parse(windowStart);
}
