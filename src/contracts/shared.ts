/**
 * Pieces many contracts share: the activity code every call names, the paths' bases, and the
 * object helper the outputs use. Outputs are strict objects: an answer of ours with a field the
 * contract lacks fails the contract test (server/test/contract-answers.test.ts).
 */
import { z } from 'zod';
import { API_BASE_PATH } from '../spec/constants';

export const GA = `${API_BASE_PATH}generalActivity/`;
export const base = (module: string) => `${API_BASE_PATH}${module}/`;

export const activityCode = z.string().min(1).max(64);
export const byCode = z.object({ activityCode });
export const noInput = z.object({});

/** An answer object of ours: every field named here, no other. */
export const answer = z.strictObject;

/** `{ list: [...] }`, the list answers' shape. */
export const listOf = <T extends z.ZodType>(item: T) => answer({ list: z.array(item) });

/** A reward as the sign-in, task and packet rules grant it (config Reward). */
export const grantedReward = answer({
  chances: z.number().int(),
  goldRiceCents: z.number().int(),
  label: z.string(),
});
export const API = API_BASE_PATH;

/** domain/activity-guard.ts activityPhase. */
export const phase = z.enum(['notStarted', 'ongoing', 'ended', 'closed']);

/** A prize's kind (server/src/config/activity-config.ts). */
export const prizeType = z.enum(['thanks', 'chance', 'goldRice', 'coupon', 'physical', 'virtual']);

/** A 0/1 switch as the spec's calls send it. */
export const flag = z.union([z.literal(0), z.literal(1)]);
/** A 0/1 switch as the server answers it. */
export const bit = z.number().int().min(0).max(1);

/** A time in milliseconds since the epoch. */
export const millis = z.number().int();

/** domain/public-activity.ts publicTask: a task as the page sees it. */
export const publicTask = answer({
  taskId: z.string(),
  groupId: z.string(),
  title: z.string(),
  desc: z.string(),
  icon: z.string(),
  buttonText: z.string(),
  period: z.enum(['once', 'daily', 'weekly']),
  kind: z.enum(['browse', 'visit', 'external', 'nfc', 'newUser']),
  externalTaskType: z.union([z.literal(1), z.literal(2)]).nullable(),
  jumpUrl: z.string(),
  needClick: z.boolean(),
  rewardLabel: z.string(),
  rewardChances: z.number().int(),
  rewardGoldRice: z.number().int(),
});

/** The activity parameter every benefit call takes (server/src/domain/benefit-guard.ts). */
export const activityCodeParam = activityCode.describe(
  'activity code (server/activities/<code>.json)',
);
export const byActivity = z.object({ activityCode: activityCodeParam });

/** A 0/1 switch; integer typed so query strings are coerced (server/src/http/coerce-input.ts). */
export const switchParam = z.number().int().min(0).max(1);

/** domain/prize-stock.ts publicPrize: no stock, no weight; a sold-out flag only. */
export const publicPrize = answer({
  prizeId: z.string(),
  name: z.string(),
  image: z.string(),
  type: prizeType,
  index: z.number().int(),
  soldOut: z.boolean(),
});

/** A mainland mobile number (the test users sign in with one). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * `useAccountPhone`: the visitor kept the masked account phone a form offered (lead-form), so the
 * server uses the account's own number, which the page never saw unmasked. A query string (GET
 * twins) sends "true" or "1".
 */
export const accountPhoneFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1')
  .optional()
  .describe('true: use the account phone (the page showed it masked) instead of phone');

/** A task with the caller's status (domain/tasks.ts taskViews): 0 open, 1 clicked, 2 done. */
export const taskView = publicTask.extend({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  taskLogId: z.number().int().nullable(),
});
