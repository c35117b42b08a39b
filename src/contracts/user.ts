/** The user in an activity, spec §3 user info and visit index (server/src/routes/user.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCode, answer, API, bit, flag, millis, noInput } from './shared';

export const userContracts = {
  // Defaults per spec §3: remindStatus 1, activityRemindStatus 1, signStatus 0, signCount 0.
  'generalActivity.userInfo': post(`${API}generalActivity/userInfo`, {
    input: z.object({ activityCode }),
    output: answer({
      shareCode: z.string(),
      nickName: z.string(),
      avatarUrl: z.string(),
      remindStatus: z.number().int(),
      shareStatus: z.number().int(),
      activityRemindStatus: z.number().int(),
      signStatus: bit,
      signCount: z.number().int(),
    }),
  }),
  'generalActivity.updateUserInfo': post(`${API}generalActivity/updateUserInfo`, {
    mutation: true,
    input: z.object({
      activityCode,
      nickName: z.string().trim().min(1).max(32).optional(),
      avatarUrl: z
        .url({ protocol: /^https$/ })
        .max(500)
        .optional(),
      remindStatus: flag.optional(),
      shareStatus: flag.optional(),
      activityRemindStatus: flag.optional(),
    }),
    output: answer({ updated: z.literal(true) }),
  }),
  // spec §3 Visit index info: records the visit, pays the day's free chances, completes 'visit' tasks.
  'generalActivity.visitIndex': post(`${API}generalActivity/visitIndex`, {
    input: z.object({ activityCode }),
    output: answer({
      firstInStatus: bit,
      dayFirstInStatus: bit,
      remainChance: z.number().int(),
      responseDone: z.literal(true),
      formatVideoUserTime: z.string(),
    }),
  }),
  'generalActivity.getLoginTime': get(`${API}generalActivity/getLoginTime`, {
    input: noInput,
    output: answer({ loginTime: millis, registerTime: millis, serverTime: millis }),
  }),
  // The phone masked: the page only shows it.
  'passport.getUserProfile': post(`${API}passport/getUserProfile`, {
    input: noInput,
    output: answer({
      userId: z.string(),
      nickName: z.string(),
      avatarUrl: z.string(),
      phone: z.string(),
    }),
  }),
} as const;
