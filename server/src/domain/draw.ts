import { randomInt } from 'node:crypto';
import type { ActivityConfig, PrizeConfig } from '../config/activity-config';
import type { Queryable } from '../db/types';
import { ApiError, unauthorized } from '../http/envelope';
import { campaignDay } from './campaign-time';
import type { IdempotencyClaim } from './idempotency';
import { idempotencyMismatch } from './idempotency';
import { findPrize } from './prize-stock';
import { chanceBalance } from './rewards';

/** What a draw costs: chances (luckDraw and friends) or gold rice (goldRichDraw). */
export type DrawPayment = { kind: 'chance' } | { kind: 'goldRice'; cents: number };

export interface DrawOutcome {
  drawId: number;
  prizeId: string;
  prizeName: string;
  prizeImage: string;
  prizeType: PrizeConfig['type'];
  /** Slot the wheel or nine-square grid lands on: the prize's index in the config list. */
  index: number;
  /** True when the chosen prize was sold out or over its per-user limit. */
  fallback: boolean;
  reward: { chances: number; goldRiceCents: number; couponId: string | null };
  remainChance: number;
}

/** A uniform integer in [0, max): the CSPRNG by default; tests pass their own to fix the pick. */
export type RandomInt = (max: number) => number;

/** Picks a prize by weight with the CSPRNG (odds must not be predictable from Math.random). */
export function pickByWeight(
  prizes: readonly PrizeConfig[],
  random: RandomInt = randomInt,
): PrizeConfig | null {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  if (total <= 0) return null;
  let ticket = random(total);
  for (const prize of prizes) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  return null;
}

/** The configured fallback prize, else the first 'thanks' prize. */
export function fallbackPrize(activity: ActivityConfig): PrizeConfig | undefined {
  const id = activity.draw.fallbackPrizeId;
  return id !== undefined
    ? findPrize(activity, id)
    : activity.prizes.find((p) => p.type === 'thanks');
}

/**
 * The refusals of draw_once (migration 0080), by the SQLSTATE it raises: the statement rolled
 * back everything it wrote (the key row too), so a later call with the same key runs for real.
 */
export const DRAW_REFUSALS: Readonly<Record<string, () => ApiError>> = {
  MPU01: () => unauthorized(),
  MPK22: idempotencyMismatch,
  MPC09: () => new ApiError(409, 'no draw chances left', 'NO_CHANCE'),
  MPG09: () => new ApiError(409, 'not enough gold rice', 'INSUFFICIENT_GOLD_RICE'),
  MPS09: () => new ApiError(409, 'all prizes are gone', 'SOLD_OUT'),
};

function refusalOf(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? DRAW_REFUSALS[code]?.() : undefined;
}

/** prizeArg's answers: a prize's config does not change while the process runs. */
const prizeArgs = new WeakMap<PrizeConfig, string>();

/** What draw_once needs to know of a prize (its config, not its stock: that is the database's). */
function prizeArg(activity: ActivityConfig, prize: PrizeConfig | null | undefined): string | null {
  if (!prize) return null;
  const known = prizeArgs.get(prize);
  if (known !== undefined) return known;
  const arg = JSON.stringify({
    prizeId: prize.prizeId,
    name: prize.name,
    image: prize.image,
    type: prize.type,
    index: activity.prizes.indexOf(prize),
    limited: prize.stock !== null,
    perUserLimit: prize.perUserLimit ?? null,
    chances: prize.chances,
    goldRiceCents: prize.goldRiceCents,
    couponId: prize.couponId ?? null,
  });
  prizeArgs.set(prize, arg);
  return arg;
}

const DRAW_SQL = `SELECT draw_once($1::bigint, $2::text, $3::text, $4::text, $5::text, $6::integer,
  $7::integer, $8::integer, $9::jsonb, $10::jsonb, $11::text, $12::text,
  $13::timestamptz, $14::jsonb) AS r`;

/**
 * Sends of one keyed draw that draw_once may ask for (MPK40: a concurrent request with the same
 * key committed first; the next send replays its answer, so 2 suffice; 3 for safety).
 */
const MAX_KEYED_SENDS = 3;

/** MPK40 (migration 0082): this statement rolled back; sent again, it replays the other's answer. */
const isKeyTaken = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'MPK40';

export interface DrawOptions {
  payment: DrawPayment;
  source: string;
  now: Date;
  /** The request's idempotency key and fingerprint: claimed, and the answer stored, in the draw. */
  claim?: IdempotencyClaim | null;
  /** Added to the answer (and to the stored one): a partner route's masked phone. */
  extra?: Record<string, unknown>;
  /** The prize pick's random source (tests); default the CSPRNG. */
  random?: RandomInt;
}

/**
 * One draw in one database statement (draw_once, migrations 0080-0082; decisions 0022, 0031):
 * replay of a key, the day's free chances, payment, prize (the one picked by weight here, else the
 * fallback: per-user limit and, for a limited prize only, the stock's conditional update), the
 * draw and ledger rows, the reward, the coupon and the stored answer. Sent on its own it is one
 * round trip and its own transaction; inside `db.transaction` it joins the caller's. A refusal
 * (no chance, sold out, ...) throws and the statement wrote nothing.
 *
 * Without a key the statement is never sent twice by the driver (a lost connection may have
 * committed it: 503); with one, a resend replays or runs it once. With a key, a concurrent
 * request under the same key may make it roll back (MPK40): it is sent again and replays that
 * request's answer (or gets 422 for another request).
 */
export async function draw<Extra extends Record<string, unknown> = Record<string, never>>(
  db: Queryable,
  activity: ActivityConfig,
  userId: string,
  options: DrawOptions & { extra?: Extra },
): Promise<DrawOutcome & Extra> {
  const { payment, now } = options;
  const claim = options.claim ?? null;
  const chosen = pickByWeight(activity.prizes, options.random);
  const day = campaignDay(now);
  const params = [
    userId,
    activity.activityCode,
    claim?.key ?? null,
    claim?.fingerprint ?? null,
    payment.kind,
    payment.kind === 'chance' ? activity.chances.costPerDraw : payment.cents,
    activity.chances.dailyFree,
    activity.chances.maxBalance,
    prizeArg(activity, chosen),
    prizeArg(activity, fallbackPrize(activity)),
    options.source,
    day,
    now,
    options.extra === undefined ? null : JSON.stringify(options.extra),
  ];
  for (let send = 1; ; send++) {
    try {
      // Named: prepared once per connection, so a draw skips the parse and plan of this call.
      const res = await db.query<{ r: { replayed: boolean; response: DrawOutcome & Extra } }>(
        DRAW_SQL,
        params,
        { resendable: claim !== null, name: 'draw_once' },
      );
      const row = res.rows[0];
      if (!row) throw new Error('draw_once returned no row');
      return row.r.response;
    } catch (error) {
      if (claim !== null && isKeyTaken(error)) {
        if (send < MAX_KEYED_SENDS) continue;
        throw new ApiError(409, 'a request with this key is in progress; retry it', 'CONFLICT');
      }
      throw refusalOf(error) ?? error;
    }
  }
}

/** One draw inside the caller's transaction, without a key (the caller's key covers it). */
export async function drawOnce(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  options: { payment: DrawPayment; source: string; now: Date; random?: RandomInt },
): Promise<DrawOutcome> {
  return draw(tx, activity, userId, options);
}

/**
 * Chances the user would have now without writing anything: the balance plus the day's free
 * chances when they are not yet granted (the draw grants them). A new user therefore sees
 * chances.dailyFree, DEFAULT_REMAINING_CHANCE (spec §9) in the demo activity.
 */
export async function remainingChances(
  db: Queryable,
  activity: ActivityConfig,
  userId: string,
  now: Date,
): Promise<number> {
  const balance = await chanceBalance(db, userId, activity.activityCode);
  if (activity.chances.dailyFree <= 0) return balance;
  const granted = await db.query(
    `SELECT 1 FROM chance_ledger
     WHERE user_id = $1 AND activity_code = $2 AND reason = 'dailyFree' AND ref = $3`,
    [userId, activity.activityCode, campaignDay(now)],
  );
  if (granted.rowCount > 0) return balance;
  return Math.min(balance + activity.chances.dailyFree, activity.chances.maxBalance);
}
