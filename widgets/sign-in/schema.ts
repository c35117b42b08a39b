import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { signInMeta } from './meta';

const copy = (fallback: string, description: string) =>
  z.string().min(1).max(40).default(fallback).describe(description);

export const signInProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The sign-in activity; defaults to the page's activity."),
  title: z.string().max(20).default('每日签到').describe('Heading; empty hides it.'),
  calendar: z
    .enum(['week', 'month'])
    .default('week')
    .describe('"week": the 7-day reward cycle; "month": this month with holidays marked.'),
  signCall: z
    .enum(['signIn', 'sign'])
    .default('signIn')
    .describe(
      'Which of the two sign calls the back end of this activity answers (POST signIn, GET sign).',
    ),
  showHolidays: z
    .boolean()
    .default(true)
    .describe('Monthly calendar: mark public holidays (休) and weekend work days (班).'),
  reminder: z.boolean().default(true).describe('Show the calendar reminder switch.'),
  streakTemplate: copy('已连续签到{n}天', 'Streak line; {n} is replaced by the number of days.'),
  streakStartText: copy(
    '今天签到，开始连续签到',
    'Streak line for a visitor with no streak yet (0 days): an invitation, not "0 days".',
  ),
  signText: copy('立即签到', 'Button before signing today.'),
  signedText: copy('今日已签到', 'Button once today is signed.'),
  signedToast: copy('签到成功', 'Announced after signing; the reward label follows it.'),
  alreadySignedToast: copy('今天已经签过啦', 'Announced when today was already signed.'),
  reminderText: copy('签到提醒', 'Label of the reminder switch.'),
  notStartedText: copy('活动未开始', 'Button before the activity starts.'),
  endedText: copy('活动已结束', 'Button after the activity ends.'),
  loginText: copy('登录后签到领奖励', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  loginButton: z
    .boolean()
    .default(true)
    .describe(
      'Show the login button to visitors who are not logged in; false where another login call to action shares the screen (one per screen), leaving the line.',
    ),
  errorText: copy('签到信息加载失败', 'Shown when the sign-in state cannot be loaded.'),
  accentColor: cssColor.optional().describe('Colour of signed days and the button.'),
});

export const signInWidget = defineWidget({
  type: 'sign-in',
  description:
    "Daily sign-in: a 7-day or monthly calendar, the streak, today's state and reward, and the calendar reminder switch. Signing twice on one day is rewarded once (the server decides).",
  props: signInProps,
  meta: signInMeta,
  apiCalls: (props) => [
    'generalActivity.querySignIn',
    `generalActivity.${props.signCall}`,
    'configActivity.getCalendarRemindStatus',
    'configActivity.setCalendarRemind',
    'holiday.getHolidays',
    // Read again after signing, where the page shows them.
    'generalActivity.queryUserGoldRichSum',
    'generalActivity.getRemainChance',
    'generalActivity.userInfo',
  ],
  events: ['signed'],
  parts: (props) => (props.calendar === 'month' ? ['month-calendar'] : []),
});

export type SignInProps = z.output<typeof signInProps>;
