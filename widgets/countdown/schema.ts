import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { countdownMeta } from './meta';

/** An instant with its offset: a page is read on phones in any time zone. */
const pageDate = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/,
    'expected a date and time with its offset, such as "2026-04-30T20:00:00+08:00"',
  );

export const countdownProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      "Activity whose startTime/endTime (activity-config call) are counted to, unless `from`/`until` are given; defaults to the page's `activity.code`.",
    ),
  target: z
    .enum(['auto', 'start', 'end'])
    .default('auto')
    .describe('"auto": to the start before it, then to the end; "start" or "end": only that one.'),
  from: pageDate
    .optional()
    .describe(
      'A date of the page counted to before it comes, instead of the activity\'s start (e.g. "2026-04-01T10:00:00+08:00"). Inside the activity\'s window.',
    ),
  until: pageDate
    .optional()
    .describe(
      'A date of the page counted to, instead of the activity\'s end (e.g. "2026-04-30T20:00:00+08:00"); the countdown shows `endedText` from then. Inside the activity\'s window.',
    ),
  serverTimeCall: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Catalogue call whose result has `serverTime` (ms), e.g. "generalActivity.getLoginTime". Used when the activity answer carries no `serverTime`.',
    ),
  serverTimeNeedsLogin: z
    .boolean()
    .default(true)
    .describe(
      'Call serverTimeCall only for logged-in visitors (a 401 would start the login flow).',
    ),
  notStartedLabel: z.string().min(1).default('距活动开始还有').describe('Label before the start.'),
  liveLabel: z.string().min(1).default('距活动结束还有').describe('Label while the activity runs.'),
  endedText: z.string().min(1).default('活动已结束，感谢参与').describe('Shown after the end.'),
  closedText: z
    .string()
    .min(1)
    .default('活动暂停中')
    .describe('Shown while the activity is paused.'),
  errorText: z.string().min(1).default('活动时间加载失败').describe('Shown when loading fails.'),
  color: cssColor.optional().describe('Label colour.'),
  digitColor: cssColor.default('#ffffff').describe('Digit colour.'),
  digitBackground: cssColor.default('#c8361a').describe('Digit box colour.'),
});

export const countdownWidget = defineWidget({
  type: 'countdown',
  description:
    "A countdown to the activity's start or end, or to dates of the page (`from`, `until`), on server time (not only the phone clock), with not-started / live / ended states.",
  props: countdownProps,
  meta: countdownMeta,
  apiCalls: () => ['configActivity.getSingleConfigActivity4c'],
  events: ['start', 'end'],
});

export type CountdownProps = z.output<typeof countdownProps>;
