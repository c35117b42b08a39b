/**
 * Gold rice (spec §4: amounts in cents, divided by 100 on the page): bubbles, the balance,
 * conversion to chances and withdrawals (server/src/routes/gold-rice.ts, domain/gold-rice.ts).
 */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCode, answer, byCode, GA, millis } from './shared';

const bubbleId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -');

/** domain/gold-rice.ts BubbleView. */
const bubbleView = answer({
  bubbleId: z.string(),
  amount: z.number().int(),
  label: z.string(),
  period: z.string(),
  received: z.boolean(),
});

// Gold rice → draw chances at goldRice.chanceCostCents each; never silently capped.
const convert = {
  mutation: true,
  input: z.object({ activityCode, chances: z.number().int().min(1).max(100).default(1) }),
  output: answer({
    chances: z.number().int(),
    spent: z.number().int(),
    sum: z.number().int(),
    remainChance: z.number().int(),
  }),
};
const withdraw = {
  mutation: true,
  input: z.object({ activityCode, amount: z.number().int().min(1).max(100_000_000) }),
  output: answer({
    withdrawId: z.number().int(),
    amount: z.number().int(),
    status: z.string(),
    sum: z.number().int(),
  }),
};

export const goldRiceContracts = {
  'generalActivity.queryUserGoldRichSum': get(`${GA}queryUserGoldRichSum`, {
    input: byCode,
    output: answer({ sum: z.number().int() }),
  }),
  'generalActivity.getUnReceivedGoldRiceList': get(`${GA}getUnReceivedGoldRiceList`, {
    input: byCode,
    output: answer({ list: z.array(bubbleView) }),
  }),
  // Daily bubbles not collected today expire at the next Beijing midnight.
  'generalActivity.getUserVideoExpireGold': get(`${GA}getUserVideoExpireGold`, {
    input: byCode,
    output: answer({ amount: z.number().int(), expireTime: millis }),
  }),
  'generalActivity.drawGoldRice': post(`${GA}drawGoldRice`, {
    mutation: true,
    input: z.object({ activityCode, bubbleId }),
    output: answer({
      bubbleId: z.string(),
      received: z.number().int(),
      firstTime: z.boolean(),
      sum: z.number().int(),
    }),
  }),
  'generalActivity.batchDrawGoldRice': post(`${GA}batchDrawGoldRice`, {
    mutation: true,
    // Comma-separated ids (a form body has no arrays); absent = every bubble on offer.
    input: z.object({ activityCode, bubbleIds: z.string().max(2000).optional() }),
    output: answer({
      received: z.number().int(),
      list: z.array(answer({ bubbleId: z.string(), received: z.number().int() })),
      sum: z.number().int(),
    }),
  }),
  'generalActivity.convertGoldRich.get': get(`${GA}convertGoldRich`, convert),
  'generalActivity.convertGoldRich': post(`${GA}convertGoldRich`, convert),
  'generalActivity.coinInfo': get(`${GA}coinInfo`, {
    input: byCode,
    output: answer({
      balance: z.number().int(),
      withdrawMin: z.number().int(),
      withdrawals: z.array(
        answer({
          id: z.number().int(),
          kind: z.string(),
          amount: z.number().int(),
          status: z.string(),
          time: millis,
        }),
      ),
    }),
  }),
  'generalActivity.coinWithDraw': get(`${GA}coinWithDraw`, withdraw),
  'generalActivity.redPacketWithDraw': get(`${GA}redPacketWithDraw`, withdraw),
} as const;
