/** Installment credit with subsidies, spec §7 (server/src/routes/installment.ts). Amounts in cents. */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCodeParam, answer, API, byActivity as byCode, millis, noInput } from './shared';

const productIdParam = z.string().min(1).max(64).describe('productId from getProductInfos');

export const installmentContracts = {
  'installment.getProductInfos': post(`${API}installment/getProductInfos`, {
    input: byCode,
    output: answer({
      list: z.array(
        answer({
          productId: z.string(),
          name: z.string(),
          desc: z.string(),
          terms: z.array(z.number().int()),
          minCents: z.number().int(),
          maxCents: z.number().int(),
          subsidyBps: z.number().int(),
          reminded: z.boolean(),
        }),
      ),
    }),
  }),
  'installment.getUserInfo': post(`${API}installment/getUserInfo`, {
    input: byCode,
    output: answer({
      creditLimit: z.number().int(),
      creditUsed: z.number().int(),
      creditAvailable: z.number().int(),
      subsidyCap: z.number().int(),
      subsidyEarned: z.number().int(),
      recordCount: z.number().int(),
    }),
  }),
  'installment.getSavedHistory': post(`${API}installment/getSavedHistory`, {
    input: z.object({
      activityCode: activityCodeParam,
      page: z.number().int().min(1).max(1000).default(1).describe('page number, from 1'),
      pageSize: z.number().int().min(1).max(50).default(20).describe('rows per page, 1-50'),
    }),
    output: answer({
      total: z.number().int(),
      list: z.array(
        answer({
          recordId: z.number().int(),
          productId: z.string(),
          amount: z.number().int(),
          term: z.number().int(),
          saved: z.number().int(),
          createTime: millis,
        }),
      ),
    }),
  }),
  'installment.addRemind': post(`${API}installment/addRemind`, {
    mutation: true,
    input: z.object({ activityCode: activityCodeParam, productId: productIdParam }),
    output: answer({ reminded: z.literal(true), firstTime: z.boolean() }),
  }),
  'installment.addCreditRecord': post(`${API}installment/addCreditRecord`, {
    mutation: true,
    input: z.object({
      activityCode: activityCodeParam,
      productId: productIdParam,
      amount: z
        .number()
        .int()
        .min(1)
        .max(1_000_000_000)
        .describe("credit amount in cents, within the product's range"),
      term: z.number().int().min(1).max(60).describe('months, one of the product terms'),
    }),
    output: answer({
      recordId: z.number().int(),
      productId: z.string(),
      amount: z.number().int(),
      term: z.number().int(),
      subsidy: z.number().int(),
    }),
  }),
  // The page's countdowns run on the server's clock; serverTime is the name the countdown reads.
  'installment.getCurrentTime': get(`${API}installment/getCurrentTime`, {
    input: noInput,
    output: answer({ currentTime: millis, serverTime: millis, iso: z.string() }),
  }),
  'installment.reachLimit': get(`${API}installment/reachLimit`, {
    input: byCode,
    output: answer({
      reachLimit: z.boolean(),
      creditFull: z.boolean(),
      subsidyEarned: z.number().int(),
      subsidyCap: z.number().int(),
    }),
  }),
} as const;
