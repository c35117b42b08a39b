/** (server/src/routes/marketing-auth.ts) */
import { z } from 'zod';
import { get, post } from './contract';
import { answer, API, bit, millis } from './shared';

export const marketingAuthContracts = {
  'userMarketingAuth.querySwitch': get(`${API}userMarketingAuth/querySwitch`, {
    input: z.object({}),
    output: answer({ status: bit, login: z.boolean(), updateTime: millis.nullable() }),
  }),
  'userMarketingAuth.updateSwitch': post(`${API}userMarketingAuth/updateSwitch`, {
    mutation: true,
    ours: true,
    input: z.object({
      status: z
        .union([z.literal(0), z.literal(1)])
        .describe('1 = the user authorises marketing messages, 0 = withdraws'),
    }),
    output: answer({ status: bit, changed: z.boolean(), updateTime: millis }),
  }),
} as const;
