/** New-product votes, spec §7 newProduct (server/src/routes/votes.ts, domain/votes.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCode, answer, base, byCode, millis, phase } from './shared';

const N = base('newProduct');
const productId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -');
const byProduct = z.object({ activityCode, productId });

/** A product with its votes and whether the caller voted for it in this period. */
const product = answer({
  productId: z.string(),
  title: z.string(),
  desc: z.string(),
  image: z.string(),
  index: z.number().int(),
  votes: z.number().int(),
  voted: z.boolean(),
});
const vote = {
  mutation: true,
  input: byProduct,
  // votesLeft: null when the activity sets no daily cap.
  output: answer({
    productId: z.string(),
    votes: z.number().int(),
    votesLeft: z.number().int().nullable(),
  }),
};

export const votesContracts = {
  'newProduct.getProductInfos': get(`${N}getProductInfos`, {
    // Comma-separated ids; absent = all products.
    input: z.object({ activityCode, productIds: z.string().max(2000).optional() }),
    output: answer({ list: z.array(product) }),
  }),
  'newProduct.getNewProductHeader': get(`${N}getNewProductHeader`, {
    input: byCode,
    output: answer({
      title: z.string(),
      desc: z.string(),
      status: phase,
      startTime: millis,
      endTime: millis,
      totalVotes: z.number().int(),
      voters: z.number().int(),
      perUserDailyLimit: z.number().int(),
      // null for a visitor, and when the activity sets no daily cap.
      votesLeft: z.number().int().nullable(),
    }),
  }),
  // The live board: products by votes, most first.
  'newProduct.getNewProductLive': get(`${N}getNewProductLive`, {
    input: byCode,
    output: answer({ totalVotes: z.number().int(), ranking: z.array(product), serverTime: millis }),
  }),
  'newProduct.getNewProductList': get(`${N}getNewProductList`, {
    input: byCode,
    output: answer({ list: z.array(product) }),
  }),
  'newProduct.getNewProductById': get(`${N}getNewProductById`, {
    input: byProduct,
    output: product.nullable(),
  }),
  'newProduct.vote.get': get(`${N}vote`, vote),
  'newProduct.vote': post(`${N}vote`, vote),
} as const;
