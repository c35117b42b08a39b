import { z } from 'zod';
import { DEFAULT_REMAINING_CHANCE } from '../spec/constants';
import { benefitsConfigSchema } from './benefits-config';

/**
 * One activity's server-side configuration (server/activities/<activityCode>.json), validated
 * at start. Public parts (the §3 Activity fields, `client`) go to the browser; odds, stock,
 * limits and rewards never do (they are read only by the route families). A contract shared by
 * the server (which runs it) and the build (whose activity checks read it), so it lives in
 * src/contracts, which both may import; server/src/config/activity-config.ts re-exports it. (The API calls of the
 * configActivity family are the contract in ./activity-config.ts.)
 */

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -, at most 64');
const cents = z.number().int().min(0);
/** A clock time of a campaign day, "HH:MM" ("24:00" is the day's end). */
const clockTime = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'expected a time such as "10:00" (or "24:00")');
/** ISO instant with offset, e.g. 2025-01-01T00:00:00+08:00. */
const instant = z.iso.datetime({ offset: true });

/** What a task, sign-in day or packet pays. */
export const rewardSchema = z.strictObject({
  chances: z.number().int().min(0).default(0),
  goldRiceCents: cents.default(0),
  /** Points of the activity (domain/points.ts; routes of ours, /mp/api/points/). */
  points: z.number().int().min(0).default(0),
  /** Text shown to the user, e.g. '+1 draw chance'. */
  label: z.string().default(''),
});
export type Reward = z.output<typeof rewardSchema>;

export const taskSchema = z.strictObject({
  taskId: id,
  groupId: id.default('default'),
  title: z.string().min(1),
  desc: z.string().default(''),
  icon: z.string().default(''),
  buttonText: z.string().default('Go'),
  /** once per activity, once per campaign day (Asia/Shanghai) or once per ISO week. */
  period: z.enum(['once', 'daily', 'weekly']),
  /** browse: completes after a click; visit: on visitIndex; external/nfc: reported by the page. */
  kind: z.enum(['browse', 'visit', 'external', 'nfc', 'newUser']),
  /** spec §3: external task type 1 or 2. */
  externalTaskType: z.union([z.literal(1), z.literal(2)]).optional(),
  jumpUrl: z.string().default(''),
  /** completeTask is refused until clickTask was called in the same period. */
  requiresClick: z.boolean().default(false),
  reward: rewardSchema,
});
export type TaskConfig = z.output<typeof taskSchema>;

export const prizeSchema = z.strictObject({
  prizeId: id,
  name: z.string().min(1),
  image: z.string().default(''),
  type: z.enum(['thanks', 'chance', 'goldRice', 'coupon', 'physical', 'virtual']),
  /** Secret: units left at start; the thanks prize is unlimited (null). */
  stock: z.number().int().min(0).nullable(),
  /** Secret: relative weight of the draw. */
  weight: z.number().int().min(0),
  goldRiceCents: cents.default(0),
  chances: z.number().int().min(0).default(0),
  couponId: id.optional(),
  /** Secret: most units of this prize one user may win; absent = no limit. */
  perUserLimit: z.number().int().min(1).optional(),
});
export type PrizeConfig = z.output<typeof prizeSchema>;

export const couponSchema = z.strictObject({
  couponId: id,
  name: z.string().min(1),
  desc: z.string().default(''),
  amountCents: cents,
  thresholdCents: cents.default(0),
  /** Secret: total coupons in the pool. */
  pool: z.number().int().min(0),
  perUserLimit: z.number().int().min(1),
  window: z.strictObject({ start: instant, end: instant }).optional(),
  /** Where the page sends the user to use the coupon (getBynCouponUrlMap). */
  useUrl: z.string().default(''),
});

/** Goods of the points mall (domain/points.ts): bought with the activity's points. */
export const pointsGoodsSchema = z.strictObject({
  goodsId: id,
  name: z.string().min(1),
  desc: z.string().default(''),
  image: z.string().default(''),
  /** Points one unit costs. */
  cost: z.number().int().min(1),
  /** Secret: units there are (null: unlimited); seeded once, never refilled by a restart. */
  stock: z.number().int().min(0).nullable(),
  /** Most units one user may take over the activity. */
  perUserLimit: z.number().int().min(1),
  /** A coupon of this activity's `coupons` the user receives (shown under its coupons). */
  couponId: id.optional(),
});
export type PointsGoodsConfig = z.output<typeof pointsGoodsSchema>;

export const voteOptionSchema = z.strictObject({
  optionId: id,
  title: z.string().min(1),
  image: z.string().default(''),
  desc: z.string().default(''),
});

/** A gold-rice bubble the page shows; collected once per period (drawGoldRice). */
export const goldRiceBubbleSchema = z.strictObject({
  bubbleId: id,
  amountCents: z.number().int().min(1),
  period: z.enum(['once', 'daily', 'weekly']).default('daily'),
  label: z.string().default(''),
});

/** Actions that can be switched off one by one (kill switch per action). */
export const actionNames = [
  'tasks',
  'signIn',
  'draw',
  'coupons',
  'vote',
  'goldRice',
  'upload',
  'video',
  'points',
] as const;
export type ActionName = (typeof actionNames)[number];

const loose = z.record(z.string(), z.unknown());

export const activityConfigSchema = z.strictObject({
  /** Path of schemas/activity.schema.json, for editors (never sent, never read). */
  $schema: z.string().optional(),
  /** spec §3 Activity fields sent as they are. */
  id: z.number().int().min(1),
  activityCode: id,
  configActivityCode: z.string().default(''),
  title: z.string().min(1),
  activityDesp: z.string().default(''),
  openAppNeed: z.number().int().default(0),
  openAppWay: z.number().int().default(0),
  openAppToast: z.string().default(''),
  canShare: z.number().int().default(1),
  shareTitle: z.string().default(''),
  shareContent: z.string().default(''),
  shareThis: z.union([z.literal(1), z.literal(2)]).default(1),
  shareUrl: z.string().default(''),
  shareIconUrl: z.string().default(''),
  /** Sent as a JSON string (spec §3 contentHtml). */
  contentHtml: loose.default({}),
  externalTaskSourceType: z.number().int().default(0),
  videoLink: z.string().default(''),
  videoCoverImg: z.string().default(''),
  videoBgImg: z.string().default(''),
  /** Public parts of activityConfig (spec §3); taskInfo and rewardInfo are derived. */
  client: z
    .strictObject({
      openApp: z.strictObject({ openFailUrl: z.string().default('') }).default({ openFailUrl: '' }),
      shareInfo: loose.default({}),
      luckdrawConfig: loose.default({}),
      reminderInfo: loose.default({}),
      areaImgsInfo: loose.default({}),
    })
    .prefault({}),
  /** Kill switch for the whole activity and the date window in which actions are accepted. */
  enabled: z.boolean().default(true),
  window: z.strictObject({ start: instant, end: instant }),
  /** Kill switch per action; absent = on. */
  actions: z.partialRecord(z.enum(actionNames), z.boolean()).default({}),
  tasks: z.array(taskSchema).default([]),
  taskGroups: z
    .array(z.strictObject({ groupId: id, title: z.string(), desc: z.string().default('') }))
    .default([]),
  prizes: z.array(prizeSchema).default([]),
  /** Chance rules: free chances each campaign day and the cap of the balance. */
  chances: z
    .strictObject({
      // spec §3, §9: a visitor's remaining chance defaults to 1.
      dailyFree: z.number().int().min(0).default(DEFAULT_REMAINING_CHANCE),
      maxBalance: z.number().int().min(1).default(999),
      costPerDraw: z.number().int().min(1).default(1),
    })
    .prefault({}),
  signIn: z
    .strictObject({
      /** Reward of day 1..n of a streak; the streak restarts after the last entry. */
      rewards: z.array(rewardSchema).default([]),
      /** newUser/openSignPacket rewards, by day of the packet streak. */
      newUserPacket: z.array(rewardSchema).default([]),
    })
    .prefault({}),
  coupons: z.array(couponSchema).default([]),
  vote: z
    .strictObject({
      options: z.array(voteOptionSchema).default([]),
      perUserDailyLimit: z.number().int().min(0).default(1),
      /** One vote per user, option and period (newProduct/vote). */
      period: z.enum(['once', 'daily', 'weekly']).default('daily'),
    })
    .prefault({}),
  goldRice: z
    .strictObject({
      /** Cents of gold rice one draw (goldRichDraw) costs. */
      drawCostCents: cents.default(0),
      /** Cents of gold rice one draw chance costs in convertGoldRich (0 = conversion off). */
      chanceCostCents: cents.default(0),
      /** Smallest coinWithDraw / redPacketWithDraw amount. */
      withdrawMinCents: z.number().int().min(1).default(100),
      bubbles: z.array(goldRiceBubbleSchema).default([]),
    })
    .prefault({}),
  /** Draw rules beyond the prize list (routes/draws.ts). */
  draw: z
    .strictObject({
      /** Paid when the chosen prize is sold out or over its per-user limit; default: first 'thanks'. */
      fallbackPrizeId: id.optional(),
      /** useMultCard: multiplier cards a user may use per campaign day (0 = off). */
      multCardsPerDay: z.number().int().min(0).default(0),
      /** banker/luckyDraw/addChance: chances added once per campaign day. */
      bankerDailyChances: z.number().int().min(0).default(0),
    })
    .prefault({}),
  /**
   * Flash draws (flashLuckDraw, issue 32): the rounds of each campaign day in which the server
   * accepts one, as clock times in the campaign time zone, start included, end excluded
   * ("24:00" ends at midnight). No rounds: flash draws follow the activity's window only.
   */
  flash: z
    .strictObject({
      rounds: z
        .array(z.strictObject({ start: clockTime, end: clockTime }))
        .max(24)
        .default([]),
    })
    .prefault({}),
  videoGuide: z
    .strictObject({
      /** addVideoGuide submissions per user and campaign day. */
      dailySubmitLimit: z.number().int().min(0).default(3),
    })
    .prefault({}),
  /** Points mall (routes of ours, /mp/api/points/): the points' name and the goods. */
  points: z
    .strictObject({
      /** What the page calls the points, e.g. 积分 or NFC积分. */
      name: z.string().min(1).default('积分'),
      goods: z.array(pointsGoodsSchema).default([]),
    })
    .prefault({}),
  /** Partner and benefit calls (config/benefits-config.ts); optional, every part defaulted. */
  benefits: benefitsConfigSchema.prefault({}),
});

export type ActivityConfigInput = z.input<typeof activityConfigSchema>;
export type ActivityConfig = z.output<typeof activityConfigSchema>;
