/**
 * Reminder switches and the user-state summary, spec §7 generalActivity setPush,
 * updateCalendarRemind, completeCalendarRemind, setVideoReminderStatus, videoRemind,
 * queryUserState (server/src/routes/general-reminders.ts).
 */
import { z } from 'zod';
import { get } from './contract';
import {
  activityCodeParam,
  answer,
  byActivity,
  GA,
  grantedReward,
  phase,
  switchParam,
} from './shared';

const withStatus = z.object({
  activityCode: activityCodeParam,
  status: switchParam.default(1).describe('1 = on, 0 = off (default 1)'),
});
/** A switch as the server answers it: 0 off, 1 on. */
const onOff = z.number().int().min(0).max(1);
const switchCall = <K extends string>(field: K) => ({
  mutation: true,
  input: withStatus,
  output: answer({ [field]: onOff } as Record<K, typeof onOff>),
});

export const generalRemindersContracts = {
  'generalActivity.setPush': get(`${GA}setPush`, switchCall('pushStatus')),
  'generalActivity.setVideoReminderStatus': get(
    `${GA}setVideoReminderStatus`,
    switchCall('videoReminderStatus'),
  ),
  // Subscribes to the video reminder (the page's "remind me" button): always switches it on.
  'generalActivity.videoRemind': get(`${GA}videoRemind`, {
    mutation: true,
    input: byActivity,
    output: answer({ videoReminderStatus: z.literal(1) }),
  }),
  // The same switch as configActivity/setCalendarRemind (user_activity_state.calendar_remind).
  'generalActivity.updateCalendarRemind': get(`${GA}updateCalendarRemind`, {
    mutation: true,
    input: withStatus,
    output: answer({ calendarRemindStatus: onOff }),
  }),
  // The user came back through the calendar reminder: recorded (and rewarded) once a day.
  'generalActivity.completeCalendarRemind': get(`${GA}completeCalendarRemind`, {
    mutation: true,
    input: byActivity,
    output: answer({ completed: z.literal(true), firstToday: z.boolean(), reward: grantedReward }),
  }),
  'generalActivity.queryUserState': get(`${GA}queryUserState`, {
    params: ['activityCode'],
    input: byActivity,
    output: answer({
      activityStatus: phase,
      isNewUser: z.boolean(),
      visited: z.boolean(),
      registered: z.boolean(),
      // Push and video reminders are off until the user asks for them.
      pushStatus: onOff,
      videoReminderStatus: onOff,
      calendarRemindStatus: onOff,
    }),
  }),
} as const;
