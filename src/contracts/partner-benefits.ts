/** Partner benefit pages, spec §7: zhongjin, newMachines, orchid, banker (server/src/routes/partner-benefits.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import {
  activityCodeParam,
  answer,
  API,
  byActivity as byCode,
  millis,
  phase,
  taskView,
} from './shared';

export const partnerBenefitsContracts = {
  // 0 = cannot exchange now (activity not running), 1 = may exchange, 2 = exchanged, where
  // exchanging is the activity registration (configActivity/register).
  'zhongjin.exchangeStatus': get(`${API}zhongjin/exchangeStatus`, {
    input: byCode,
    output: answer({
      status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      activityStatus: phase,
    }),
  }),
  'newMachines.interest/doubleAmount': get(`${API}newMachines/interest/doubleAmount`, {
    input: byCode,
    output: answer({
      baseAmount: z.number().int(),
      doubled: z.boolean(),
      amount: z.number().int(),
    }),
  }),
  'newMachines.interest/receiveCountDown': get(`${API}newMachines/interest/receiveCountDown`, {
    input: byCode,
    output: answer({
      deadline: millis,
      serverTime: millis,
      remainingMs: z.number().int(),
      expired: z.boolean(),
    }),
  }),
  'newMachines.interest/newMachinesOldUser': get(`${API}newMachines/interest/newMachinesOldUser`, {
    input: byCode,
    output: answer({ oldUser: z.boolean() }),
  }),
  // spec §7 keeps the path's spelling: /mp/api/orchild/.
  'orchid.getOrchidInfo': post(`${API}orchild/getOrchidInfo`, {
    input: byCode,
    output: answer({
      title: z.string(),
      desc: z.string(),
      image: z.string(),
      jumpUrl: z.string(),
      activityStatus: phase,
    }),
  }),
  'banker.taskDetail': get(`${API}banker/taskDetail`, {
    input: z.object({
      activityCode: activityCodeParam,
      taskId: z.string().min(1).max(64).optional().describe('one task; all tasks when absent'),
    }),
    output: answer({ list: z.array(taskView) }),
  }),
  'banker.detail': get(`${API}banker/detail`, {
    input: byCode,
    output: answer({
      activityStatus: phase,
      dailyChances: z.number().int(),
      addedToday: z.boolean(),
      remainChance: z.number().int(),
    }),
  }),
} as const;
