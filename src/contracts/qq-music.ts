/** (server/src/routes/qq-music.ts) */
import { z } from 'zod';
import { get, post } from './contract';
import {
  accountPhoneFlag,
  activityCodeParam,
  answer,
  API,
  byActivity,
  grantedReward,
  millis,
  PHONE_PATTERN,
} from './shared';

export const qqMusicContracts = {
  'qqMusicActivity.getMusicUserInfo': get(`${API}qqMusicActivity/getMusicUserInfo`, {
    input: byActivity,
    output: answer({
      nickName: z.string(),
      avatarUrl: z.string(),
      freeMode: answer({
        whitelisted: z.boolean(),
        active: z.boolean(),
        expireTime: millis.nullable(),
      }),
      tasks: z.array(
        answer({
          taskId: z.string(),
          title: z.string(),
          rewardLabel: z.string(),
          finished: z.boolean(),
        }),
      ),
      goldRichSum: z.number().int(),
    }),
  }),
  'qqMusicActivity.getHotSongs': get(`${API}qqMusicActivity/getHotSongs`, {
    input: byActivity,
    output: answer({
      list: z.array(
        answer({ songId: z.string(), name: z.string(), singer: z.string(), cover: z.string() }),
      ),
    }),
  }),
  'qqMusicActivity.getHotSongLists': get(`${API}qqMusicActivity/getHotSongLists`, {
    input: byActivity,
    output: answer({
      list: z.array(
        answer({
          listId: z.string(),
          name: z.string(),
          cover: z.string(),
          songCount: z.number().int(),
        }),
      ),
    }),
  }),
  'qqMusicActivity.addFreeModeWhitelist': post(`${API}qqMusicActivity/addFreeModeWhitelist`, {
    mutation: true,
    input: byActivity,
    output: answer({ whitelisted: z.literal(true), firstTime: z.boolean(), expireTime: millis }),
  }),
  'qqMusicActivity.finishMusicTask': post(`${API}qqMusicActivity/finishMusicTask`, {
    mutation: true,
    input: z.object({
      activityCode: activityCodeParam,
      taskId: z.string().min(1).max(64).describe('a music task id of the activity'),
    }),
    output: answer({ finished: z.boolean(), firstTime: z.boolean(), reward: grantedReward }),
  }),
  'qqMusicActivity.exchangeByPhone': post(`${API}qqMusicActivity/exchangeByPhone`, {
    mutation: true,
    ours: true,
    input: z.object({
      activityCode: activityCodeParam,
      goodsId: z.string().min(1).max(64).describe('a phoneExchangeGoods id of the activity'),
      phone: z
        .string()
        .regex(PHONE_PATTERN, 'phone must be an 11-digit mainland mobile number')
        .optional()
        .describe('the music account phone; omit with useAccountPhone'),
      useAccountPhone: accountPhoneFlag,
    }),
    output: answer({
      exchangeId: z.string(),
      goodsId: z.string(),
      name: z.string(),
      phone: z.string(),
      sum: z.number().int(),
    }),
  }),
  'qqMusicActivity.phoneExchanges': get(`${API}qqMusicActivity/phoneExchanges`, {
    ours: true,
    input: byActivity,
    output: answer({
      total: z.number().int(),
      list: z.array(
        answer({
          exchangeId: z.string(),
          goodsId: z.string(),
          name: z.string(),
          phone: z.string(),
          cost: z.number().int(),
          time: millis,
          status: z.string(),
        }),
      ),
    }),
  }),
} as const;
