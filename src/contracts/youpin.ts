/** The partner shop's goods and member specials, spec §7 configActivity (server/src/routes/youpin.ts). */
import { z } from 'zod';
import { post } from './contract';
import { answer, base } from './shared';

const P = base('configActivity');
const input = z.object({
  activityCode: z.string().min(1).max(64).optional().describe('the shop activity'),
});

/** A shop item; sold out has no link, so the page shows no buy button for it. */
const goodsFields = {
  goodsId: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  memberPrice: z.number().int(),
  remaining: z.number().int(),
  soldOut: z.boolean(),
  tag: z.string(),
  jumpUrl: z.string(),
  priceText: z.string(),
  badge: z.string(),
};
const goods = answer(goodsFields);

export const youpinContracts = {
  'configActivity.youpinGoods': post(`${P}youpinGoods`, {
    input,
    output: answer({ list: z.array(goods) }),
  }),
  'configActivity.memberSpecial': post(`${P}memberSpecial`, {
    input,
    output: answer({ member: z.boolean(), list: z.array(goods) }),
  }),
} as const;
