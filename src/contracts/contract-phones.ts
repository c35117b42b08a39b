/**
 * The contract-phone offer (ours, issue 32; server/src/routes/contract-phones.ts): the phones,
 * plans and subsidies an operator configures in the activity (benefits.contractPhone), and the
 * user's application for one phone on one plan. Spec §7 names no call for the contract pages.
 */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCodeParam, answer, base, byActivity, millis } from './shared';

const CONTRACT = base('contractPhone');
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -');

/** One phone on one plan: what the user pays and what the subsidies are worth (cents). */
const quote = answer({
  planId: z.string(),
  contractPriceCents: z.number().int(),
  phoneSubsidyCents: z.number().int(),
  billSubsidyCents: z.number().int(),
  totalSubsidyCents: z.number().int(),
});

const application = answer({
  phoneId: z.string(),
  planId: z.string(),
  phoneName: z.string(),
  planName: z.string(),
  contractPriceCents: z.number().int(),
  totalSubsidyCents: z.number().int(),
  status: z.literal('submitted'),
  applyTime: millis,
});

export const contractPhonesContracts = {
  'contractPhone.offers': get(`${CONTRACT}offers`, {
    ours: true,
    input: byActivity,
    output: answer({
      phones: z.array(
        answer({
          phoneId: z.string(),
          name: z.string(),
          spec: z.string(),
          image: z.string(),
          priceCents: z.number().int(),
          tag: z.string(),
          highlights: z.array(z.string()),
          quotes: z.array(quote),
        }),
      ),
      plans: z.array(
        answer({
          planId: z.string(),
          name: z.string(),
          monthlyFeeCents: z.number().int(),
          months: z.number().int(),
          dataGb: z.number(),
          voiceMinutes: z.number().int(),
          phoneSubsidyCents: z.number().int(),
          billSubsidyCentsPerMonth: z.number().int(),
          desc: z.string(),
        }),
      ),
      /** The caller's application in this activity (null: none, or not logged in). */
      myApplication: application.nullable(),
    }),
  }),
  'contractPhone.apply': post(`${CONTRACT}apply`, {
    ours: true,
    mutation: true,
    input: z.object({
      activityCode: activityCodeParam,
      phoneId: id.describe('a phone of the offer'),
      planId: id.describe('a plan that phone is sold with'),
    }),
    output: application.extend({ firstTime: z.boolean() }),
  }),
} as const;
