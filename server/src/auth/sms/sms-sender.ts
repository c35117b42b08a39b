import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types';

/** One sign-in code on its way to a phone. */
export interface SmsMessage {
  phone: string;
  code: string;
  expiresAt: Date;
}

/** Where codes go. Swapped by configuration (oidc-config.ts), never by a request. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Development: the code goes to the log and to the dev inbox table (sms_dev_inbox), which tests
 * and the preview read through readDevInbox. In the database, so a code sent by one node can be
 * read on another.
 */
export function devSmsSender(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    async send({ phone, code, expiresAt }) {
      await db.query('INSERT INTO sms_dev_inbox (phone, code, sent_at) VALUES ($1, $2, now())', [
        phone,
        code,
      ]);
      // warn: the preview and `npm start` log at warn and above, and a developer needs the code.
      log.warn({ phone, code, expiresAt }, `development SMS sender: sign-in code ${code}`);
    },
  };
}

/** A declared demo without a hook: the code is written to the log only. */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send({ phone, code, expiresAt }) {
      log.warn({ phone, code, expiresAt }, 'DEMO SMS sender: sign-in code (no SMS_WEBHOOK_URL)');
    },
  };
}

/**
 * Production: POST application/json {phone, code, expiresAt, purpose: 'sign-in'} to
 * SMS_WEBHOOK_URL (docs/server.md). Any 2xx is sent; anything else fails the send, which the
 * sign-in page reports as "could not send".
 */
export function webhookSmsSender(url: string, fetchFn: typeof fetch = fetch): SmsSender {
  return {
    async send({ phone, code, expiresAt }) {
      const res = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          phone,
          code,
          expiresAt: expiresAt.toISOString(),
          purpose: 'sign-in',
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}

/** The newest code the development sender wrote for `phone`, or null. */
export async function readDevInbox(db: Db, phone: string): Promise<string | null> {
  const res = await db.query<{ code: string }>(
    'SELECT code FROM sms_dev_inbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
    [phone],
  );
  return res.rows[0]?.code ?? null;
}
