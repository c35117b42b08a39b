import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

export interface UserRow {
  id: number;
  phone: string;
  nick_name: string;
  avatar_url: string;
  share_code: string;
  created_at: Date;
  last_login_at: Date;
}

/** Test users sign in by phone number (mainland format); the account is created on first use. */
export { accountPhoneFlag, PHONE_PATTERN } from '../../../src/contracts/shared';

export async function signInByPhone(db: Queryable, phone: string): Promise<UserRow> {
  const shareCode = randomBytes(6).toString('base64url');
  const res = await db.query<UserRow>(
    `INSERT INTO users (phone, nick_name, share_code) VALUES ($1, $2, $3)
     ON CONFLICT (phone) DO UPDATE SET last_login_at = now()
     RETURNING *`,
    [phone, `User ${phone.slice(-4)}`, shareCode],
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
