import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/types';
import {
  DAY_MS,
  HOUR_MS,
  SMS_CODE_DIGITS,
  SMS_CODE_TTL_MS,
  SMS_LOCK_MS,
  SMS_MAX_WRONG_TRIES,
  SMS_PHONE_MAX_PER_DAY,
  SMS_PHONE_RESEND_GAP_MS,
} from '../sign-in-constants';

/**
 * SMS sign-in codes, in the database so every node sees the same code, tries and lock. Each
 * phone's send and check run under an advisory lock on the phone: two nodes never both count
 * the fourth wrong try as the fourth.
 */

export type SendRefusal = 'locked' | 'too-soon' | 'phone-daily-limit' | 'ip-hourly-limit';
export type SendResult =
  { ok: true; code: string; expiresAt: Date } | { ok: false; reason: SendRefusal; retryAt: Date };
export type CheckResult =
  | { ok: true }
  | { ok: false; reason: 'none' | 'expired' | 'locked'; retryAt?: Date }
  | { ok: false; reason: 'wrong'; triesLeft: number };

interface CodeRow {
  code_hash: string;
  expires_at: Date;
  wrong_tries: number;
  locked_until: Date | null;
}

function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`sms.${phone}.${code}`).digest('base64url');
}

async function lockPhone(tx: Db, phone: string): Promise<CodeRow | null> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('sms:' || $1))", [phone]);
  const res = await tx.query<CodeRow>(
    'SELECT code_hash, expires_at, wrong_tries, locked_until FROM sms_codes WHERE phone = $1',
    [phone],
  );
  return res.rows[0] ?? null;
}

const at = (ms: number) => new Date(ms);

/** Makes a new code for `phone` unless a limit refuses; the caller hands it to the SMS sender. */
export async function issueCode(
  db: Db,
  input: {
    secret: string;
    phone: string;
    clientIp: string;
    now: Date;
    /** Sends per client address per hour (SMS_IP_MAX_PER_HOUR unless configured). */
    perAddressPerHour: number;
  },
): Promise<SendResult> {
  const now = input.now.getTime();
  return db.transaction(async (tx) => {
    const row = await lockPhone(tx, input.phone);
    const lockedUntil = row?.locked_until ? new Date(row.locked_until).getTime() : 0;
    if (lockedUntil > now) return { ok: false, reason: 'locked', retryAt: at(lockedUntil) };
    const counts = await tx.query<{ last: Date | null; day: string; ip: string }>(
      `SELECT (SELECT max(sent_at) FROM sms_sends WHERE phone = $1) AS last,
              (SELECT count(*) FROM sms_sends WHERE phone = $1 AND sent_at > $3)::text AS day,
              (SELECT count(*) FROM sms_sends WHERE client_ip = $2 AND sent_at > $4)::text AS ip`,
      [input.phone, input.clientIp, at(now - DAY_MS), at(now - HOUR_MS)],
    );
    const c = counts.rows[0];
    const last = c?.last ? new Date(c.last).getTime() : null;
    if (last !== null && now - last < SMS_PHONE_RESEND_GAP_MS) {
      return { ok: false, reason: 'too-soon', retryAt: at(last + SMS_PHONE_RESEND_GAP_MS) };
    }
    if (Number(c?.day ?? 0) >= SMS_PHONE_MAX_PER_DAY) {
      return { ok: false, reason: 'phone-daily-limit', retryAt: at(now + DAY_MS) };
    }
    if (Number(c?.ip ?? 0) >= input.perAddressPerHour) {
      return { ok: false, reason: 'ip-hourly-limit', retryAt: at(now + HOUR_MS) };
    }
    const code = String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
    const expiresAt = at(now + SMS_CODE_TTL_MS);
    // Wrong tries survive a new code (only a lock's end or a right code clears them), so sending
    // again never buys more guesses.
    const wrongTries = lockedUntil !== 0 ? 0 : (row?.wrong_tries ?? 0);
    await tx.query(
      `INSERT INTO sms_codes (phone, code_hash, expires_at, wrong_tries, locked_until)
       VALUES ($1, $2, $3, $4, NULL)
       ON CONFLICT (phone) DO UPDATE SET code_hash = $2, expires_at = $3, wrong_tries = $4,
         locked_until = NULL`,
      [input.phone, hashCode(input.secret, input.phone, code), expiresAt, wrongTries],
    );
    await tx.query('INSERT INTO sms_sends (phone, client_ip, sent_at) VALUES ($1, $2, $3)', [
      input.phone,
      input.clientIp,
      at(now),
    ]);
    return { ok: true, code, expiresAt };
  });
}

/**
 * Checks a typed code. Right: the code is used up. Wrong: one try fewer; the last wrong try
 * locks the phone for SMS_LOCK_MS. A locked phone accepts nothing, not even the right code.
 */
export async function checkCode(
  db: Db,
  input: { secret: string; phone: string; code: string; now: Date },
): Promise<CheckResult> {
  const now = input.now.getTime();
  return db.transaction(async (tx): Promise<CheckResult> => {
    const row = await lockPhone(tx, input.phone);
    if (row === null) return { ok: false, reason: 'none' };
    const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : 0;
    if (lockedUntil > now) return { ok: false, reason: 'locked', retryAt: at(lockedUntil) };
    if (new Date(row.expires_at).getTime() <= now) return { ok: false, reason: 'expired' };
    const given = Buffer.from(hashCode(input.secret, input.phone, input.code));
    const expected = Buffer.from(row.code_hash);
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      await tx.query('DELETE FROM sms_codes WHERE phone = $1', [input.phone]);
      return { ok: true };
    }
    const tries = (lockedUntil !== 0 ? 0 : row.wrong_tries) + 1;
    const locks = tries >= SMS_MAX_WRONG_TRIES;
    await tx.query('UPDATE sms_codes SET wrong_tries = $2, locked_until = $3 WHERE phone = $1', [
      input.phone,
      locks ? 0 : tries,
      locks ? at(now + SMS_LOCK_MS) : null,
    ]);
    if (locks) return { ok: false, reason: 'locked', retryAt: at(now + SMS_LOCK_MS) };
    return { ok: false, reason: 'wrong', triesLeft: SMS_MAX_WRONG_TRIES - tries };
  });
}
