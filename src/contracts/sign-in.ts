/** Daily sign-in and new-user sign packets (server/src/routes/sign-in.ts, domain/sign-in.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import { answer, bit, byCode, GA, grantedReward } from './shared';

/** domain/sign-in.ts SignResult: `awarded` false when today was signed already. */
const signResult = answer({
  awarded: z.boolean(),
  day: z.string(),
  signCount: z.number().int(),
  reward: grantedReward,
});
const dailySign = signResult.extend({ signStatus: bit });

export const signInContracts = {
  'generalActivity.querySignIn': get(`${GA}querySignIn`, {
    input: byCode,
    output: answer({
      signStatus: bit,
      signCount: z.number().int(),
      today: z.string(),
      days: z.array(
        answer({ day: z.number().int(), date: z.string(), label: z.string(), signed: z.boolean() }),
      ),
    }),
  }),
  'generalActivity.sign': get(`${GA}sign`, { mutation: true, input: byCode, output: dailySign }),
  'generalActivity.signIn': post(`${GA}signIn`, {
    mutation: true,
    input: byCode,
    output: dailySign,
  }),
  'generalActivity.newUser/openSignPacket': post(`${GA}newUser/openSignPacket`, {
    mutation: true,
    input: byCode,
    output: signResult,
  }),
} as const;
