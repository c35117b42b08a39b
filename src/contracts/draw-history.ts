/**
 * Prize history, statuses and the public winners ticker, spec §7 General activity
 * (server/src/routes/draw-history.ts).
 */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCode, answer, byCode, GA, millis, prizeType, publicPrize } from './shared';

const paged = z.object({ activityCode, limit: z.number().int().min(1).max(100).default(50) });

/** One of the caller's draws. */
const drawView = answer({
  drawId: z.number().int(),
  prizeId: z.string(),
  prizeName: z.string(),
  prizeImage: z.string(),
  prizeType,
  index: z.number().int(),
  status: z.string(),
  multiplied: z.boolean(),
  time: millis,
});
const history = { input: paged, output: answer({ list: z.array(drawView) }) };

/** A recent win for the scrolling ticker: the winner only masked. */
const news = {
  input: z.object({ activityCode, limit: z.number().int().min(1).max(50).default(20) }),
  output: answer({
    list: z.array(
      answer({ nickName: z.string(), phone: z.string(), prizeName: z.string(), time: millis }),
    ),
  }),
};

export const drawHistoryContracts = {
  'generalActivity.myPrize': get(`${GA}myPrize`, history),
  'generalActivity.showPrizeListHistory': get(`${GA}showPrizeListHistory`, history),
  // The caller's latest draw, or the one named; null when there is none.
  'generalActivity.getPrizeStatus': get(`${GA}getPrizeStatus`, {
    input: z.object({ activityCode, drawId: z.number().int().min(1).optional() }),
    output: drawView.nullable(),
  }),
  'generalActivity.getPrizeStatusV2': get(`${GA}getPrizeStatusV2`, {
    input: byCode,
    output: answer({
      list: z.array(publicPrize.extend({ won: z.number().int(), unpaid: z.number().int() })),
    }),
  }),
  'generalActivity.unpaidPrizeCount': get(`${GA}unpaidPrizeCount`, {
    input: byCode,
    output: answer({ count: z.number().int() }),
  }),
  // 'top' keeps the physical and virtual prizes (the ones worth bragging about).
  'generalActivity.rotaryNews': post(`${GA}rotaryNews`, news),
  'generalActivity.rotaryNewsTop': post(`${GA}rotaryNewsTop`, news),
} as const;
