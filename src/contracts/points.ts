/**
 * Points mall and NFC points, ours: spec §7 names no points or supplement call
 * (server/src/routes/points.ts, domain/points.ts).
 */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCode, answer, base, byCode, millis } from './shared';

const P = base('points');
const N = base('nfcIntegral');
const goodsId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -');
const limit = z.coerce.number().int().min(1).max(100).default(20);
const ours = { ours: true } as const;

export const pointsContracts = {
  'points.balance': get(`${P}balance`, {
    ...ours,
    params: ['activityCode'],
    input: byCode,
    output: answer({ balance: z.number().int(), name: z.string() }),
  }),
  // The goods as the page sees them: never the stock figure itself, only whether any is left.
  'points.goods': get(`${P}goods`, {
    ...ours,
    params: ['activityCode'],
    input: byCode,
    output: answer({
      list: z.array(
        answer({
          goodsId: z.string(),
          name: z.string(),
          desc: z.string(),
          image: z.string(),
          cost: z.number().int(),
          perUserLimit: z.number().int(),
          exchanged: z.number().int(),
          soldOut: z.boolean(),
        }),
      ),
      name: z.string(),
    }),
  }),
  'points.records': get(`${P}records`, {
    ...ours,
    params: ['activityCode', 'kind', 'limit'],
    input: z.object({ activityCode, kind: z.enum(['all', 'earn', 'spend']).default('all'), limit }),
    output: answer({
      list: z.array(
        answer({
          recordId: z.number().int(),
          amount: z.number().int(),
          reason: z.string(),
          title: z.string(),
          time: millis,
          change: z.string(),
        }),
      ),
    }),
  }),
  'points.exchange': post(`${P}exchange`, {
    ...ours,
    mutation: true,
    params: ['activityCode', 'goodsId'],
    input: z.object({ activityCode, goodsId }),
    output: answer({
      exchangeId: z.number().int(),
      goodsId: z.string(),
      name: z.string(),
      cost: z.number().int(),
      balance: z.number().int(),
      exchanged: z.number().int(),
      userCouponId: z.number().int().nullable(),
    }),
  }),
  // NFC points supplement: a card payment whose points did not arrive, sent for review. One
  // request per transaction reference (a second is 409); reviews happen outside this app.
  'nfcIntegral.supplement': post(`${N}supplement`, {
    ...ours,
    mutation: true,
    input: z.object({
      activityCode,
      tradeDate: z.iso.date(),
      amount: z.coerce.number().positive().max(1_000_000),
      merchant: z.string().trim().min(1).max(40),
      tradeRef: z.string().regex(/^[A-Za-z0-9-]{4,40}$/, '4-40 letters, digits or -'),
      phone: z
        .string()
        .transform((v) => v.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^1\d{10}$/, 'an 11-digit mobile number'))
        .optional(),
      // lead-form: the visitor kept the masked account phone, so the number is the account's.
      useAccountPhone: z
        .union([z.boolean(), z.enum(['true', 'false'])])
        .transform((v) => v === true || v === 'true')
        .optional(),
    }),
    output: answer({ supplementId: z.number().int(), status: z.string() }),
  }),
  'nfcIntegral.supplements': get(`${N}supplements`, {
    ...ours,
    params: ['activityCode', 'limit'],
    input: z.object({ activityCode, limit }),
    output: answer({
      list: z.array(
        answer({
          supplementId: z.number().int(),
          title: z.string(),
          tradeDate: z.string(),
          status: z.string(),
          time: millis,
        }),
      ),
    }),
  }),
} as const;
