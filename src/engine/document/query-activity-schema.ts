import { z } from 'zod';
import { routePath } from './prop-types';

/**
 * A page whose activity is named by its address (issue 32): `/luckdrawPage?id=173` draws for the
 * activity the operator maps id 173 to. The mapping is data in the document, checked here (key
 * and code shapes) and by the build (every code has a server/activities/<code>.json); at run
 * time an id outside it (a typo, an ended campaign, a hostile value) gets the document's own
 * message, never an empty page and never a code taken from the address.
 */

/** The ids an operator may map: short, plain, URL-safe (what a campaign link carries). */
const queryId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'expected an id of letters, digits, _ or - (at most 32)');
/** An activity code, as server/activities/<code>.json names it (src/contracts/activity-schema.ts). */
const activityCode = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected an activity code of letters, digits, _ or -');

export const queryActivitySchema = z
  .strictObject({
    param: z
      .string()
      .regex(/^[A-Za-z][\w-]{0,31}$/)
      .default('id')
      .describe('The query parameter that names the activity (spec §2 /goldCloseBy sends "id").'),
    activities: z
      .record(queryId, activityCode)
      .refine((map) => Object.keys(map).length > 0, 'map at least one id to an activity code')
      .describe('Query value → activity code (server/activities/<code>.json).'),
    unknown: z
      .strictObject({
        title: z.string().min(1).max(32).default('没有找到这个活动'),
        text: z
          .string()
          .min(1)
          .max(120)
          .default('活动链接有误或活动已下线，请从活动入口重新进入。'),
        actionText: z.string().min(1).max(12).default('去抽奖'),
        target: routePath.default('/luckDraw').describe('A page to offer instead.'),
      })
      .prefault({})
      .describe('What a visitor whose id is missing or not in the mapping sees.'),
  })
  .describe(
    "Binds the page to the activity its query names, through the operator's mapping (instead of a fixed `activity`).",
  );

export type QueryActivity = z.output<typeof queryActivitySchema>;
