/**
 * Lucky draws and chances, spec §7 General activity (server/src/routes/draws.ts, draw-route.ts;
 * the draw itself is server/src/domain/draw.ts).
 */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCode, answer, byCode, GA, phase, prizeType, publicPrize } from './shared';

/**
 * spec §7 luckDraw params. The device id and the tap coordinates are accepted (bounded) but
 * not stored: the server picks the prize, so neither can influence it.
 */
export const drawInput = z.object({
  activityCode,
  imei: z.string().max(64).optional(),
  coordinates: z.string().max(100).optional(),
});

/** domain/draw.ts DrawOutcome: the prize won and the chances left. */
const drawOutcome = {
  drawId: z.number().int(),
  prizeId: z.string(),
  prizeName: z.string(),
  prizeImage: z.string(),
  prizeType,
  /** Slot the wheel or nine-square grid lands on: the prize's index in the config list. */
  index: z.number().int(),
  /** True when the chosen prize was sold out or over its per-user limit. */
  fallback: z.boolean(),
  reward: answer({
    chances: z.number().int(),
    goldRiceCents: z.number().int(),
    couponId: z.string().nullable(),
  }),
  remainChance: z.number().int(),
};
export const drawResult = answer(drawOutcome);
/** A partner's draw (tongcheng) answers the masked phone it was for, too. */
export const drawResultWithPhone = answer({ ...drawOutcome, phone: z.string() });

/** Every call answered by the draw (draw-route.ts): drawInput in, drawResult out. */
export const draw = { mutation: true, input: drawInput, output: drawResult } as const;
const luckDraw = { ...draw, params: ['imei', 'coordinates'] } as const;

/** The refusal of a flash draw outside the day's rounds (403, body `error`). */
export const FLASH_ROUND_CLOSED = 'FLASH_ROUND_CLOSED';

/** A flash-draw round (server/src/domain/flash-rounds.ts): its number in the day, start, end (ms). */
const flashRound = answer({
  index: z.number().int().min(1),
  start: z.number().int(),
  end: z.number().int(),
});

export const drawsContracts = {
  'generalActivity.getRemainChance': get(`${GA}getRemainChance`, {
    input: byCode,
    output: answer({ remainChance: z.number().int(), costPerDraw: z.number().int() }),
  }),
  // By name the page may pass the numeric config id (spec §3 Activity.id) instead of the code.
  'generalActivity.getFlashDrawByConfigActivityId4C': get(`${GA}getFlashDrawByConfigActivityId4C`, {
    input: z.object({
      activityCode: activityCode.optional(),
      configActivityId: z.number().int().min(1).optional(),
      id: z.number().int().min(1).optional(),
    }),
    output: answer({
      activityCode: z.string(),
      status: phase,
      costPerDraw: z.number().int(),
      goldRiceDrawCost: z.number().int(),
      remainChance: z.number().int(),
      prizes: z.array(publicPrize),
      /** The server's clock (ms), so the page counts down to a round's edge without its own. */
      serverTime: z.number().int(),
      /** How many rounds a day has (0: flash draws follow the activity window only). */
      rounds: z.number().int().min(0),
      round: flashRound.nullable(),
      nextRound: flashRound.nullable(),
    }),
  }),
  'generalActivity.prizeStock': get(`${GA}prizeStock`, {
    input: byCode,
    output: answer({ list: z.array(answer({ prizeId: z.string(), soldOut: z.boolean() })) }),
  }),
  'generalActivity.prizeUserCount': get(`${GA}prizeUserCount`, {
    input: byCode,
    output: answer({ userCount: z.number().int(), winnerCount: z.number().int() }),
  }),
  'generalActivity.chanceFlow': get(`${GA}chanceFlow`, {
    input: z.object({ activityCode, limit: z.number().int().min(1).max(100).default(50) }),
    output: answer({
      list: z.array(
        answer({
          id: z.number().int(),
          delta: z.number().int(),
          reason: z.string(),
          time: z.number().int(),
        }),
      ),
    }),
  }),
  'generalActivity.useMultCard': get(`${GA}useMultCard`, {
    mutation: true,
    input: byCode,
    output: answer({
      drawId: z.number().int(),
      extraGoldRice: z.number().int(),
      cardsLeft: z.number().int(),
    }),
  }),
  'generalActivity.luckDraw.get': get(`${GA}luckDraw`, luckDraw),
  'generalActivity.luckDraw': post(`${GA}luckDraw`, draw),
  'generalActivity.flashLuckDraw': post(`${GA}flashLuckDraw`, { ...draw, params: ['coordinates'] }),
  'generalActivity.goldRichDraw': get(`${GA}goldRichDraw`, draw),
} as const;
