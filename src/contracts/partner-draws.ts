/**
 * Partner and seasonal draw pages, spec §7: banker, video partner, travel partner, new phone
 * (server/src/routes/partner-draws.ts). Each draws through the same engine as luckDraw.
 */
import { z } from 'zod';
import { get, post } from './contract';
import { draw, drawInput, drawResultWithPhone } from './draws';
import {
  accountPhoneFlag,
  answer,
  base,
  byCode,
  phase,
  PHONE_PATTERN,
  publicPrize,
} from './shared';

/** A partner page's status: chances, today's draws, the prizes and the caller's wins. */
const partnerStatus = {
  remainChance: z.number().int(),
  drawnToday: z.number().int(),
  prizes: z.array(publicPrize),
  myPrizes: z.array(answer({ drawId: z.number().int(), prizeId: z.string() })),
};
/**
 * A new-phone quarter is an activity window of its own (issue 32): its index says where the
 * window stands and when it opens and closes (ms), so the page shows it and offers no claim the
 * server would refuse.
 */
const newPhoneStatus = {
  input: byCode,
  output: answer({
    ...partnerStatus,
    status: phase,
    window: answer({ start: z.number().int(), end: z.number().int() }),
  }),
};

const NEW_PHONE = base('newPhone');

export const partnerDrawsContracts = {
  'youkuActivity.youkuUserDraw': post(`${base('youkuActivity')}youkuUserDraw`, draw),
  // Travel partner (Tongcheng): the coupons go to a phone bound per activity, so the status says
  // whether one is bound (masked) and what the page should offer: bind, draw, or nothing left.
  'tongchengActivity.getUserDrawStatus': get(`${base('tongchengActivity')}getUserDrawStatus`, {
    input: byCode,
    output: answer({
      ...partnerStatus,
      bound: z.boolean(),
      phone: z.string().nullable(),
      stage: z.enum(['unbound', 'canDraw', 'noChance']),
      lastPrize: answer({ prizeId: z.string(), name: z.string() }).nullable(),
    }),
  }),
  'tongchengActivity.saveTongchengUserDraw': post(
    `${base('tongchengActivity')}saveTongchengUserDraw`,
    {
      mutation: true,
      input: drawInput.extend({
        phone: z
          .string()
          .trim()
          .regex(PHONE_PATTERN, 'phone must be an 11-digit mainland mobile number')
          .optional()
          .describe('the phone the partner credits; bound on the first call, then kept'),
        useAccountPhone: accountPhoneFlag,
      }),
      output: drawResultWithPhone,
    },
  ),
  // New phone: one index/send pair per quarter's page (index, q2index, ...; send, q2send, ...).
  'newPhone.index': get(`${NEW_PHONE}index`, newPhoneStatus),
  'newPhone.q2index': get(`${NEW_PHONE}q2index`, newPhoneStatus),
  'newPhone.q3index': get(`${NEW_PHONE}q3index`, newPhoneStatus),
  'newPhone.q4index': get(`${NEW_PHONE}q4index`, newPhoneStatus),
  'newPhone.q5index': get(`${NEW_PHONE}q5index`, newPhoneStatus),
  'newPhone.send': post(`${NEW_PHONE}send`, draw),
  'newPhone.q2send': post(`${NEW_PHONE}q2send`, draw),
  'newPhone.q3send': post(`${NEW_PHONE}q3send`, draw),
  'newPhone.q4send': post(`${NEW_PHONE}q4send`, draw),
  'newPhone.q5send': post(`${NEW_PHONE}q5send`, draw),
  'banker.luckyDraw/addChance': get(`${base('banker')}luckyDraw/addChance`, {
    mutation: true,
    input: byCode,
    output: answer({ added: z.number().int(), remainChance: z.number().int() }),
  }),
} as const;
