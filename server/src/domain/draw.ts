import { randomInt } from 'node:crypto';
import type { ActivityConfig, PrizeConfig } from '../config/activity-config';
import type { Queryable } from '../db/types';
import { campaignDay } from './campaign-time';
import { DRAW_REFUSALS, drawRefusalOf } from './draw-refusals';
import type { IdempotencyClaim } from './idempotency';
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

/** What draw_once needs to know of a prize (its config, not its stock: that is the database's). */
interface PrizeArg {
  prizeId: string;
  name: string;
  image: string;
  type: PrizeConfig['type'];
  /** The wheel or grid slot: the prize's index in the config list. */
  index: number;
  limited: boolean;
  perUserLimit: number | null;
  chances: number;
  goldRiceCents: number;
  couponId: string | null;
}

/**
 * draw_once's one argument, sent as jsonb: server/migrations/repeatable/draw_once.sql reads each
 * field by this name (server/test/draw-refusals.test.ts checks that both name the same fields).
 */
export interface DrawRequest {
  userId: string;
  activityCode: string;
  /** The idempotency key and the request's fingerprint; null without a key. */
  key: string | null;
  fingerprint: string | null;
  payKind: DrawPayment['kind'];
  /** Chances or gold-rice cents, as payKind says. */
  cost: number;
  dailyFree: number;
  maxBalance: number;
  /** The prize picked by weight, and the fallback prize. */
  chosen: PrizeArg | null;
  fallback: PrizeArg | null;
  source: string;
  /** The campaign day, YYYY-MM-DD (campaignDay). */
  day: string;
  /** The draw's time, ISO 8601. */
  now: string;
  /** Added to the answer (and to the stored one). */
  extra: Record<string, unknown> | null;
}

/** prizeArg's answers: a prize's config does not change while the process runs. */
const prizeArgs = new WeakMap<PrizeConfig, PrizeArg>();

function prizeArg(
  activity: ActivityConfig,
  prize: PrizeConfig | null | undefined,
): PrizeArg | null {
  if (!prize) return null;
  const known = prizeArgs.get(prize);
  if (known !== undefined) return known;
  const arg: PrizeArg = {
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
  };
  prizeArgs.set(prize, arg);
  return arg;
}

/** The argument of one draw: the prize picked here, everything else from the call. */
export function drawRequest(
  activity: ActivityConfig,
  userId: string,
  options: DrawOptions,
): DrawRequest {
  const { payment, now } = options;
  const claim = options.claim ?? null;
  return {
    userId,
    activityCode: activity.activityCode,
    key: claim?.key ?? null,
    fingerprint: claim?.fingerprint ?? null,
    payKind: payment.kind,
    cost: payment.kind === 'chance' ? activity.chances.costPerDraw : payment.cents,
    dailyFree: activity.chances.dailyFree,
    maxBalance: activity.chances.maxBalance,
    chosen: prizeArg(activity, pickByWeight(activity.prizes, options.random)),
    fallback: prizeArg(activity, fallbackPrize(activity)),
    source: options.source,
    day: campaignDay(now),
    now: now.toISOString(),
    extra: options.extra ?? null,
  };
}

const DRAW_SQL = 'SELECT draw_once($1::jsonb) AS r';

/**
 * Sends of one keyed draw that draw_once may ask for (keyTaken: a concurrent request with the
 * same key committed first; the next send replays its answer, so 2 suffice; 3 for safety).
 */
const MAX_KEYED_SENDS = 3;

/**
 * One draw in one database statement (draw_once, server/migrations/repeatable/draw_once.sql;
 * decisions 0022, 0031):
 * replay of a key, the day's free chances, payment, prize (the one picked by weight here, else the
 * fallback: per-user limit and, for a limited prize only, the stock's conditional update), the
 * draw and ledger rows, the reward, the coupon and the stored answer. Sent on its own it is one
 * round trip and its own transaction; inside `db.transaction` it joins the caller's. A refusal
 * (no chance, sold out, ...: domain/draw-refusals.ts) throws and the statement wrote nothing.
 *
 * Without a key the statement is never sent twice by the driver (a lost connection may have
 * committed it: 503); with one, a resend replays or runs it once. With a key, a concurrent
 * request under the same key may make it roll back (keyTaken): it is sent again and replays that
 * request's answer (or gets 422 for another request).
 */
export async function draw<Extra extends Record<string, unknown> = Record<string, never>>(
  db: Queryable,
  activity: ActivityConfig,
  userId: string,
  options: DrawOptions & { extra?: Extra },
): Promise<DrawOutcome & Extra> {
  const claim = options.claim ?? null;
  const params = [JSON.stringify(drawRequest(activity, userId, options))];
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
      const refusal = drawRefusalOf(error);
      if (refusal === undefined) throw error;
      if (refusal === 'keyTaken' && claim !== null && send < MAX_KEYED_SENDS) continue;
      throw DRAW_REFUSALS[refusal].answer();
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
