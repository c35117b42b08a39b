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

const id = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]{1,64}$/,
    'an id is 1 to 64 letters, digits, "_" or "-", without spaces: write it like "p-hotel"',
  );
const cents = z.number().int().min(0);
/** A clock time of a campaign day, "HH:MM" ("24:00" is the day's end). */
const clockTime = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'expected a time such as "10:00" (or "24:00")');
/** ISO instant with offset, e.g. 2025-01-01T00:00:00+08:00. */
const instant = z.iso.datetime({ offset: true });

/** What a task, sign-in day or packet pays. */
export const rewardSchema = z.strictObject({
  chances: z.number().int().min(0).default(0).describe('Draw chances added to the user.'),
  goldRiceCents: cents.default(0).describe('Gold rice paid, in cents (100 = 1.00).'),
  /** Points of the activity (domain/points.ts; routes of ours, /mp/api/points/). */
  points: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe("Points of this activity's points mall paid."),
  label: z.string().default('').describe('Text shown to the user, e.g. "+1 次抽奖机会".'),
});
export type Reward = z.output<typeof rewardSchema>;

const period = z.enum(['once', 'daily', 'weekly']);

export const taskSchema = z.strictObject({
  taskId: id.describe('Id of the task, unique in the activity; pages name it in `taskId`.'),
  groupId: id
    .default('default')
    .describe('The task group (`taskGroups[].groupId`) it is listed under.'),
  title: z.string().min(1).describe('Title shown in the task list.'),
  desc: z.string().default('').describe('Line under the title.'),
  icon: z.string().default('').describe('Icon image: "/mp/activity/demo/<file>" or https://.'),
  buttonText: z.string().default('Go').describe('Label of the task button.'),
  period: period.describe(
    'How often it can be done: once per activity, daily (China time) or weekly (ISO week).',
  ),
  kind: z
    .enum(['browse', 'visit', 'external', 'nfc', 'newUser'])
    .describe(
      'How it completes: browse after a click, visit on opening the page, external or nfc when the page reports it, newUser for users new to the activity.',
    ),
  externalTaskType: z
    .union([z.literal(1), z.literal(2)])
    .optional()
    .describe('spec §3: the external task type (1 or 2) of an external task.'),
  jumpUrl: z.string().default('').describe('Where the task button takes the user.'),
  requiresClick: z
    .boolean()
    .default(false)
    .describe('true: completing is refused until the user clicked the task in the same period.'),
  reward: rewardSchema.describe('What completing the task pays.'),
});
export type TaskConfig = z.output<typeof taskSchema>;

export const prizeSchema = z.strictObject({
  prizeId: id.describe(
    'Id of the prize, unique in the activity; pages name it in `prizeId`, `prizeIds`, `prizeNames`.',
  ),
  name: z.string().min(1).describe('Name shown to the winner.'),
  image: z.string().default('').describe('Picture: "/mp/activity/demo/<file>" or https://.'),
  type: z
    .enum(['thanks', 'chance', 'goldRice', 'coupon', 'physical', 'virtual'])
    .describe(
      'thanks (nothing won), chance (more draws), goldRice, coupon (one of `coupons`), physical (shipped: the winner gives an address) or virtual.',
    ),
  stock: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe('Secret: units there are at the start; null: unlimited (the thanks prize).'),
  weight: z
    .number()
    .int()
    .min(0)
    .describe('Secret: relative chance of being drawn; 0: never drawn.'),
  goldRiceCents: cents.default(0).describe('goldRice prizes: cents paid.'),
  chances: z.number().int().min(0).default(0).describe('chance prizes: draws added.'),
  couponId: id.optional().describe('coupon prizes: the `coupons[].couponId` given.'),
  perUserLimit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Secret: most units of this prize one user may win; absent: no limit.'),
});
export type PrizeConfig = z.output<typeof prizeSchema>;

const dateWindow = (what: string) =>
  z
    .strictObject({
      start: instant.describe(`First moment ${what}, with offset: "2026-04-01T00:00:00+08:00".`),
      end: instant.describe(`Last moment ${what}, with offset: "2026-04-30T23:59:59+08:00".`),
    })
    .describe(`When ${what}.`);

export const couponSchema = z.strictObject({
  couponId: id.describe('Id of the coupon, unique in the activity; pages name it in `couponId`.'),
  name: z.string().min(1).describe('Name shown on the coupon.'),
  desc: z.string().default('').describe('Line under the name (terms).'),
  amountCents: cents.describe('Value of the coupon in cents (5000 = 50 元).'),
  thresholdCents: cents.default(0).describe('Smallest order it applies to, in cents; 0: any.'),
  pool: z.number().int().min(0).describe('Secret: total coupons in the pool.'),
  perUserLimit: z.number().int().min(1).describe('Most coupons of this kind one user may take.'),
  window: dateWindow('the coupon can be used').optional(),
  useUrl: z
    .string()
    .default('')
    .describe('Where the page sends the user to use the coupon (getBynCouponUrlMap).'),
});

/** Goods of the points mall (domain/points.ts): bought with the activity's points. */
export const pointsGoodsSchema = z.strictObject({
  goodsId: id.describe('Id of the goods, unique in the mall.'),
  name: z.string().min(1).describe('Name shown in the mall.'),
  desc: z.string().default('').describe('Line under the name.'),
  image: z.string().default('').describe('Picture: "/mp/activity/demo/<file>" or https://.'),
  cost: z.number().int().min(1).describe('Points one unit costs.'),
  stock: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe(
      'Secret: units there are (null: unlimited); seeded once, never refilled by a restart.',
    ),
  perUserLimit: z.number().int().min(1).describe('Most units one user may take over the activity.'),
  couponId: id
    .optional()
    .describe("A coupon of this activity's `coupons` the user receives with it."),
});
export type PointsGoodsConfig = z.output<typeof pointsGoodsSchema>;

export const voteOptionSchema = z.strictObject({
  optionId: id.describe('Id of the option; pages name it in `optionId`, `optionIds`.'),
  title: z.string().min(1).describe('Title of the option.'),
  image: z.string().default('').describe('Picture: "/mp/activity/demo/<file>" or https://.'),
  desc: z.string().default('').describe('Line under the title.'),
});

/** A gold-rice bubble the page shows; collected once per period (drawGoldRice). */
export const goldRiceBubbleSchema = z.strictObject({
  bubbleId: id.describe('Id of the bubble, unique in the activity.'),
  amountCents: z.number().int().min(1).describe('Gold rice in the bubble, in cents.'),
  period: period.default('daily').describe('How often it can be collected.'),
  label: z.string().default('').describe('Text on the bubble.'),
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
const text = (description: string) => z.string().default('').describe(description);

export const activityConfigSchema = z.strictObject({
  $schema: z
    .string()
    .optional()
    .describe('Path of schemas/activity.schema.json, for editors (never sent, never read).'),
  // spec §3 Activity fields, sent to the page as they are.
  id: z
    .number()
    .int()
    .min(1)
    .describe("The activity's number in the app's activity fields; unique across activities."),
  activityCode: id.describe(
    'The code pages name in `activity.code`; the file is server/activities/<activityCode>.json.',
  ),
  configActivityCode: text('spec §3 configActivityCode: usually the same as `activityCode`.'),
  title: z.string().min(1).describe('Title of the activity.'),
  activityDesp: text('Short description of the activity.'),
  openAppNeed: z
    .number()
    .int()
    .default(0)
    .describe('spec §3: 1 when the activity must be opened in the app, 0 when not.'),
  openAppWay: z.number().int().default(0).describe('spec §3: how the app is opened (0 default).'),
  openAppToast: text('Message shown when the app must be opened to take part.'),
  canShare: z.number().int().default(1).describe('1: the page may be shared; 0: not.'),
  shareTitle: text('Title of a share.'),
  shareContent: text('Text of a share.'),
  shareThis: z
    .union([z.literal(1), z.literal(2)])
    .default(1)
    .describe('spec §3: 1 shares this page, 2 shares `shareUrl`.'),
  shareUrl: text('Page shared when `shareThis` is 2.'),
  shareIconUrl: text('Icon of a share: "/mp/activity/demo/<file>" or https://.'),
  contentHtml: loose
    .default({})
    .describe('spec §3 contentHtml (imgList, navList, back): sent to the page as a JSON string.'),
  externalTaskSourceType: z
    .number()
    .int()
    .default(0)
    .describe('spec §3: where external tasks come from (0 none).'),
  videoLink: text('Video of the activity.'),
  videoCoverImg: text('Cover image of the video.'),
  videoBgImg: text('Background image behind the video.'),
  client: z
    .strictObject({
      openApp: z
        .strictObject({
          openFailUrl: text('Where to go when the app cannot be opened.'),
        })
        .default({ openFailUrl: '' })
        .describe('Opening the app from the page.'),
      shareInfo: loose.default({}).describe('spec §3 shareInfo: the share button and its texts.'),
      luckdrawConfig: loose.default({}).describe('spec §3 luckdrawConfig: the look of the draw.'),
      reminderInfo: loose.default({}).describe('spec §3 reminderInfo: the daily reminder.'),
      areaImgsInfo: loose
        .default({})
        .describe('spec §3 areaImgsInfo: head and rules images, background colour.'),
    })
    .prefault({})
    .describe('Public parts of activityConfig (spec §3); taskInfo and rewardInfo are derived.'),
  enabled: z
    .boolean()
    .default(true)
    .describe('false: the server refuses every call of the activity (a kill switch).'),
  window: dateWindow('the server accepts calls of the activity'),
  actions: z
    .partialRecord(z.enum(actionNames), z.boolean())
    .default({})
    .describe('Switches per action (tasks, signIn, draw…): false refuses it; absent: on.'),
  tasks: z.array(taskSchema).default([]).describe('Tasks users complete for rewards.'),
  taskGroups: z
    .array(
      z.strictObject({
        groupId: id.describe('Id of the group; tasks name it in `groupId`.'),
        title: z.string().describe('Heading of the group.'),
        desc: text('Line under the heading.'),
      }),
    )
    .default([])
    .describe('Headings the task list groups tasks under.'),
  prizes: z
    .array(prizeSchema)
    .default([])
    .describe("What a draw can award; a draw needs a 'thanks' prize with stock null."),
  chances: z
    .strictObject({
      // spec §3, §9: a visitor's remaining chance defaults to 1.
      dailyFree: z
        .number()
        .int()
        .min(0)
        .default(DEFAULT_REMAINING_CHANCE)
        .describe('Free draw chances each campaign day (China time).'),
      maxBalance: z.number().int().min(1).default(999).describe('Most chances a user may hold.'),
      costPerDraw: z.number().int().min(1).default(1).describe('Chances one draw costs.'),
    })
    .prefault({})
    .describe('Draw chances: free ones each day, the cap, the cost of a draw.'),
  signIn: z
    .strictObject({
      rewards: z
        .array(rewardSchema)
        .default([])
        .describe('Reward of day 1, 2… of a sign-in streak; the streak restarts after the last.'),
      newUserPacket: z
        .array(rewardSchema)
        .default([])
        .describe('newUser/openSignPacket rewards, by day of the packet streak.'),
    })
    .prefault({})
    .describe('Daily sign-in rewards.'),
  coupons: z.array(couponSchema).default([]).describe('Coupons the activity gives.'),
  vote: z
    .strictObject({
      options: z.array(voteOptionSchema).default([]).describe('What users vote for.'),
      perUserDailyLimit: z
        .number()
        .int()
        .min(0)
        .default(1)
        .describe('Votes one user may cast each campaign day.'),
      period: period
        .default('daily')
        .describe('One vote per user, option and period (newProduct/vote).'),
    })
    .prefault({})
    .describe('A vote among options.'),
  goldRice: z
    .strictObject({
      drawCostCents: cents.default(0).describe('Gold rice one gold-rice draw costs, in cents.'),
      chanceCostCents: cents
        .default(0)
        .describe('Gold rice one draw chance costs in convertGoldRich, in cents; 0: off.'),
      withdrawMinCents: z
        .number()
        .int()
        .min(1)
        .default(100)
        .describe('Smallest withdrawal, in cents.'),
      bubbles: z
        .array(goldRiceBubbleSchema)
        .default([])
        .describe('Gold-rice bubbles the page shows.'),
    })
    .prefault({})
    .describe('Gold rice: draws, chances and withdrawals paid with it.'),
  draw: z
    .strictObject({
      fallbackPrizeId: id
        .optional()
        .describe(
          "Prize paid when the drawn one is sold out or over its per-user limit; default: the first 'thanks'.",
        ),
      multCardsPerDay: z
        .number()
        .int()
        .min(0)
        .default(0)
        .describe('useMultCard: multiplier cards a user may use per campaign day; 0: off.'),
      bankerDailyChances: z
        .number()
        .int()
        .min(0)
        .default(0)
        .describe('banker/luckyDraw/addChance: chances added once per campaign day.'),
    })
    .prefault({})
    .describe('Draw rules beyond the prize list (routes/draws.ts).'),
  /**
   * Flash draws (flashLuckDraw, issue 32): the rounds of each campaign day in which the server
   * accepts one, as clock times in the campaign time zone, start included, end excluded
   * ("24:00" ends at midnight). No rounds: flash draws follow the activity's window only.
   */
  flash: z
    .strictObject({
      rounds: z
        .array(
          z.strictObject({
            start: clockTime.describe('When the round opens, "HH:MM" China time (included).'),
            end: clockTime.describe('When it closes, "HH:MM" (excluded; "24:00" is midnight).'),
          }),
        )
        .max(24)
        .default([])
        .describe('The rounds of each campaign day, in order, not overlapping; none: the window.'),
    })
    .prefault({})
    .describe('Flash-draw rounds of each campaign day (server/src/domain/flash-rounds.ts).'),
  videoGuide: z
    .strictObject({
      dailySubmitLimit: z
        .number()
        .int()
        .min(0)
        .default(3)
        .describe('addVideoGuide submissions per user and campaign day.'),
    })
    .prefault({})
    .describe('Video guides users submit.'),
  points: z
    .strictObject({
      name: z
        .string()
        .min(1)
        .default('积分')
        .describe('What the page calls the points, e.g. 积分 or NFC积分.'),
      goods: z.array(pointsGoodsSchema).default([]).describe('What points buy.'),
    })
    .prefault({})
    .describe('Points mall (/mp/api/points/): the points and their goods.'),
  benefits: benefitsConfigSchema
    .prefault({})
    .describe(
      'Partner and benefit calls (installment, video, music, cinema…); every part optional.',
    ),
});

export type ActivityConfigInput = z.input<typeof activityConfigSchema>;
export type ActivityConfig = z.output<typeof activityConfigSchema>;
