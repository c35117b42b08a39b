/** (server/src/routes/wechat.ts) */
import { z } from 'zod';
import { get } from './contract';
import { answer, API } from './shared';

export const wechatContracts = {
  'transpond.wechat': get(`${API}transpond/wechat`, {
    successCode: 1,
    params: ['url'],
    input: z.object({ url: z.string().min(1).max(2000) }),
    output: answer({
      data: answer({
        appId: z.string(),
        timestamp: z.number().int(),
        nonceStr: z.string(),
        signature: z.string(),
      }),
    }),
  }),
} as const;
