/** General activity lookups, spec §7 (server/src/routes/general-info.ts). */
import { z } from 'zod';
import { get } from './contract';
import { publicActivity } from './activity-config';
import {
  activityCodeParam,
  answer,
  API,
  byActivity as byCode,
  millis,
  phase,
  publicPrize,
  taskView,
} from './shared';

const page = z.number().int().min(1).max(1000).default(1).describe('page number, from 1');
const pageSize = z.number().int().min(1).max(50).default(20).describe('rows per page, 1-50');

export const generalInfoContracts = {
  // spec §3: the response value is a list; the client uses only its first element.
  'generalActivity.getDispatchModuleList4C': get(`${API}generalActivity/getDispatchModuleList4C`, {
    params: ['deviceType'],
    input: z.object({
      activityCode: activityCodeParam,
      deviceType: z
        .number()
        .int()
        .min(0)
        .max(2)
        .default(0)
        .describe('spec §3 deviceType: 0 browser, 1 finance app, 2 wallet/payments app'),
    }),
    output: z.array(
      answer({ moduleId: z.string(), title: z.string(), image: z.string(), jumpUrl: z.string() }),
    ),
  }),
  'generalActivity.getMifansActivityTime': get(`${API}generalActivity/getMifansActivityTime`, {
    input: byCode,
    output: answer({
      startTime: millis,
      endTime: millis,
      serverTime: millis,
      activityStatus: phase,
    }),
  }),
  'generalActivity.queryMiFansActivityPrizeList': get(
    `${API}generalActivity/queryMiFansActivityPrizeList`,
    { input: byCode, output: answer({ list: z.array(publicPrize) }) },
  ),
  'generalActivity.showTaskListHistory': get(`${API}generalActivity/showTaskListHistory`, {
    input: z.object({ activityCode: activityCodeParam, page, pageSize }),
    output: answer({
      total: z.number().int(),
      list: z.array(
        answer({
          taskLogId: z.number().int(),
          taskId: z.string(),
          title: z.string(),
          period: z.string(),
          rewardChances: z.number().int(),
          rewardGoldRice: z.number().int(),
          completeTime: millis,
        }),
      ),
    }),
  }),
  'generalActivity.queryUserJoinList': get(`${API}generalActivity/queryUserJoinList`, {
    input: byCode,
    output: answer({
      total: z.number().int(),
      list: z.array(answer({ nickName: z.string(), avatarUrl: z.string() })),
    }),
  }),
  'generalActivity.phoneBillAmount': get(`${API}generalActivity/phoneBillAmount`, {
    input: byCode,
    output: answer({ eligible: z.boolean(), amount: z.number().int() }),
  }),
  'generalActivity.isMipayBindCardNewUser': get(`${API}generalActivity/isMipayBindCardNewUser`, {
    input: byCode,
    output: answer({ isNewUser: z.boolean() }),
  }),
  'generalActivity.getUserTicket': get(`${API}generalActivity/getUserTicket`, {
    input: byCode,
    output: answer({ ticketCount: z.number().int() }),
  }),
  // The spec §3 Activity with its phase, in the code-0 envelope of the general calls.
  'generalActivity.activityInfo': get(`${API}generalActivity/activityInfo`, {
    input: byCode,
    output: publicActivity.extend({ activityStatus: phase }),
  }),
  'generalActivity.getHaikuiImgUrl': get(`${API}generalActivity/getHaikuiImgUrl`, {
    input: byCode,
    output: answer({ imgUrl: z.string() }),
  }),
  'generalActivity.bwbtGetTaskList': get(`${API}generalActivity/bwbtGetTaskList`, {
    input: byCode,
    output: answer({ list: z.array(taskView), login: z.boolean() }),
  }),
} as const;
