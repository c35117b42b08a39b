import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/types';

/** Letters and digits without look-alikes (0/O, 1/I/L), so a code read aloud is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 12 characters of 31: about 59 bits, far beyond guessing at the rate limits. */
const CODE_LENGTH = 12;

/** An invitation code's shape; a users.share_code (8 base64url characters) never has it. */
export const INVITATION_CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * The user's invitation code (invitationPassword/getInvitationPassword): issued once (random,
 * unique), then always the same.
 */
export async function invitationCode(db: Queryable, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await db.query(
      `INSERT INTO invitation_passwords (user_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, newCode()],
    );
    const res = await db.query<{ code: string }>(
      'SELECT code FROM invitation_passwords WHERE user_id = $1',
      [userId],
    );
    const code = res.rows[0]?.code;
    // No row means the random code collided with another user's: draw again.
    if (code) return code;
  }
  throw new Error('could not issue a unique invitation code');
}

/**
 * The inviter a friend's link or typed code names: their invitation code (the one the invite
 * page shows) or their shareCode (the one shared links carry). The two shapes never overlap.
 */
export async function inviterByCode(
  db: Queryable,
  code: string,
): Promise<{ id: string; nick_name: string } | null> {
  const res = INVITATION_CODE_PATTERN.test(code)
    ? await db.query<{ id: string; nick_name: string }>(
        `SELECT u.id::text AS id, u.nick_name FROM invitation_passwords p
         JOIN users u ON u.id = p.user_id WHERE p.code = $1`,
        [code],
      )
    : await db.query<{ id: string; nick_name: string }>(
        'SELECT id::text AS id, nick_name FROM users WHERE share_code = $1',
        [code],
      );
  return res.rows[0] ?? null;
}
