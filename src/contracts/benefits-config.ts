import { z } from 'zod';

/**
 * The optional `benefits` section of an activity (server/activities/<code>.json): data of the
 * partner and benefit calls of spec §7 (installment, video membership, music, reminders,
 * packets, new machines, traffic...). Every part has a default, so activities written before
 * this section existed stay valid. Kept apart from activity-config.ts so that file only gains
 * one line; it imports nothing from there (no import cycle).
 */

const id = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]{1,64}$/,
    'an id is 1 to 64 letters, digits, "_" or "-", without spaces: write it like "p-hotel"',
  );
const cents = z.number().int().min(0);
const instant = z.iso.datetime({ offset: true });

const image = (what: string) =>
  z.string().default('').describe(`${what}: "/mp/activity/demo/<file>" or https://.`);
const text = (description: string) => z.string().default('').describe(description);

/** Same shape as the activity's rewardSchema (chances and/or gold rice, paid by grantReward). */
export const benefitRewardSchema = z.strictObject({
  chances: z.number().int().min(0).default(0).describe('Draw chances added to the user.'),
  goldRiceCents: cents.default(0).describe('Gold rice paid, in cents (100 = 1.00).'),
  label: text('Text shown to the user, e.g. "+1 次抽奖机会".'),
});
export type BenefitReward = z.output<typeof benefitRewardSchema>;
const noReward = { chances: 0, goldRiceCents: 0, label: '' };
const reward = (description: string) => benefitRewardSchema.default(noReward).describe(description);

/** spec §3: the dispatch-module call sends deviceType (0 browser, 1 finance app, 2 wallet app). */
export const dispatchModuleSchema = z.strictObject({
  moduleId: id.describe('Id of the module.'),
  title: z.string().min(1).describe('Title of the module.'),
  image: image('Picture'),
  jumpUrl: text('Where tapping the module goes.'),
  deviceTypes: z
    .array(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .default([0, 1, 2])
    .describe('Where it is shown: 0 browser, 1 finance app, 2 wallet app (spec §3 deviceType).'),
});

export const installmentProductSchema = z.strictObject({
  productId: id.describe('Id of the product.'),
  name: z.string().min(1).describe('Name of the product.'),
  desc: text('Line under the name.'),
  terms: z
    .array(z.number().int().min(1).max(60))
    .min(1)
    .describe('Terms (months) the user may pick.'),
  minCents: z.number().int().min(1).describe('Smallest amount, in cents.'),
  maxCents: z.number().int().min(1).describe('Largest amount, in cents.'),
  subsidyBps: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(0)
    .describe('Subsidy per credit record, in basis points of the amount (100 = 1 %).'),
});
export type InstallmentProduct = z.output<typeof installmentProductSchema>;

export const vipGoodsSchema = z.strictObject({
  goodsId: id.describe('Id of the goods.'),
  name: z.string().min(1).describe('Name of the membership.'),
  image: image('Picture'),
  priceCents: z.number().int().min(1).describe('Price, in cents.'),
  originalPriceCents: cents.default(0).describe('Price before the campaign, in cents; 0: none.'),
  days: z.number().int().min(1).describe('Membership days the goods gives.'),
});
export type VipGoods = z.output<typeof vipGoodsSchema>;

export const musicTaskSchema = z.strictObject({
  taskId: id.describe('Id of the task.'),
  title: z.string().min(1).describe('Title of the task.'),
  reward: reward('What completing the task pays.'),
});

/** A showing of a movie: one cinema, one start, a seat count sold by conditional update. */
export const showingSchema = z.strictObject({
  showingId: id.describe('Id of the showing.'),
  cinema: z.string().min(1).describe('Name of the cinema.'),
  hall: text('Hall of the cinema.'),
  startTime: instant.describe('When it starts, with offset: "2026-04-01T19:30:00+08:00".'),
  priceCents: cents.default(0).describe('Ticket price, in cents.'),
  seats: z.number().int().min(0).describe('Seats there are.'),
});

export const movieSchema = z.strictObject({
  movieId: id.describe('Id of the movie.'),
  name: z.string().min(1).describe('Title of the movie.'),
  poster: image('Poster'),
  score: z.number().min(0).max(10).default(0).describe('Audience score out of 10, one decimal.'),
  tags: z.array(z.string().min(1)).default([]).describe('Short tags such as 喜剧.'),
  durationMinutes: z.number().int().min(1).default(120).describe('Length, in minutes.'),
  releaseDate: text('Release date as shown, e.g. 2026-04-01.'),
  desc: text('Synopsis.'),
  recommended: z.boolean().default(false).describe('Listed on the recommended page.'),
  showings: z.array(showingSchema).default([]).describe('Its showings.'),
});
export type MovieConfig = z.output<typeof movieSchema>;

export const tripRewardSchema = z.strictObject({
  rewardId: id.describe('Id of the reward.'),
  name: z.string().min(1).describe('Name of the reward.'),
  image: image('Picture'),
  diamonds: z.number().int().min(1).describe('Diamonds spent per exchange.'),
  reward: benefitRewardSchema.describe('What the exchange pays.'),
  perUserLimit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Most exchanges of this reward per user; absent: no limit.'),
});
export type TripReward = z.output<typeof tripRewardSchema>;

/** A partner shop item (youpinGoods, memberSpecial): seeded into partner_goods, stock kept there. */
export const partnerGoodsSchema = z.strictObject({
  goodsId: id.describe('Id of the item.'),
  name: z.string().min(1).describe('Name of the item.'),
  image: image('Picture'),
  priceCents: z.number().int().min(1).describe('Price, in cents.'),
  originalPriceCents: cents.default(0).describe('Price before the campaign, in cents; 0: none.'),
  memberPriceCents: cents
    .default(0)
    .describe('memberSpecial: the price for members (users registered in the activity); 0: none.'),
  stock: z
    .number()
    .int()
    .min(0)
    .describe('Units the partner put into the campaign; 0 shows the item as sold out.'),
  jumpUrl: text("The item in the partner's shop: a route, an https address or an app link."),
  tag: z.string().max(8).default('').describe('Short badge such as 爆款 or 新品.'),
});
export type PartnerGoods = z.output<typeof partnerGoodsSchema>;

/** A monthly plan of the contract-phone offer (ours, issue 32): fee, term, allowances, subsidies. */
export const contractPlanSchema = z.strictObject({
  planId: id,
  name: z.string().min(1).max(20),
  monthlyFeeCents: z.number().int().min(1),
  /** Months the user commits to. */
  months: z.number().int().min(1).max(60),
  dataGb: z.number().min(0).max(10_000).default(0),
  voiceMinutes: z.number().int().min(0).default(0),
  /** 购机补贴: taken off the phone's price when bought with this plan. */
  phoneSubsidyCents: cents.default(0),
  /** 话费补贴: returned on the bill each month of the term. */
  billSubsidyCentsPerMonth: cents.default(0),
  desc: z.string().max(60).default(''),
});
export type ContractPlan = z.output<typeof contractPlanSchema>;

/** A phone of the contract-phone offer and the plans it may be bought with. */
export const contractPhoneSchema = z.strictObject({
  phoneId: id,
  name: z.string().min(1).max(30),
  /** Memory and storage, e.g. 12GB+256GB. */
  spec: z.string().max(30).default(''),
  image: z.string().default(''),
  priceCents: z.number().int().min(1),
  /** Short badge such as 新品 or 热销. */
  tag: z.string().max(8).default(''),
  /** Lines of the details panel (screen, camera, battery...). */
  highlights: z.array(z.string().min(1).max(60)).max(8).default([]),
  /** Plans of this offer the phone is sold with (planId of `plans`). */
  planIds: z.array(id).min(1),
});
export type ContractPhone = z.output<typeof contractPhoneSchema>;

/** contractPhone/offers and apply (ours): every planId a phone names must be a plan here. */
const contractPhoneOffer = z
  .strictObject({
    phones: z.array(contractPhoneSchema).default([]),
    plans: z.array(contractPlanSchema).default([]),
  })
  .superRefine((offer, check) => {
    const plans = new Set(offer.plans.map((p) => p.planId));
    offer.phones.forEach((phone, i) =>
      phone.planIds.forEach((planId, j) => {
        if (!plans.has(planId)) {
          check.addIssue({
            code: 'custom',
            path: ['phones', i, 'planIds', j],
            message: `unknown plan "${planId}": add it to contractPhone.plans`,
          });
        }
      }),
    );
  });

export const benefitsConfigSchema = z.strictObject({
  contractPhone: contractPhoneOffer
    .prefault({})
    .describe("The contract-phone pages' phones, plans and subsidies (ours, issue 32)."),
  dispatchModules: z
    .array(dispatchModuleSchema)
    .default([])
    .describe(
      'getDispatchModuleList4C: modules by device type (the client uses the first, spec §3).',
    ),
  phoneBill: z
    .strictObject({
      amountCents: cents.default(0).describe('Subsidy, in cents.'),
      newUserOnly: z
        .boolean()
        .default(false)
        .describe('Only users new to the activity (account created after its start) get it.'),
    })
    .prefault({})
    .describe('phoneBillAmount: subsidy shown on the phone-bill pages.'),
  haikuiImgUrl: text('getHaikuiImgUrl: the partner poster image.'),
  calendarRemindReward: reward(
    'completeCalendarRemind: paid once per campaign day when the user comes back from it.',
  ),
  invitePacket: z
    .strictObject({
      enabled: z.boolean().default(false).describe('Turns the invite packet on.'),
      openerReward: reward('What the friend who opens the packet gets.'),
      inviterReward: reward('What the inviter gets per friend.'),
      maxPaidInvites: z
        .number()
        .int()
        .min(0)
        .default(10)
        .describe('The inviter is paid for at most this many friends.'),
    })
    .prefault({})
    .describe("invitePacketInfo / openInvitePacket: a friend opens the inviter's packet once."),
  installment: z
    .strictObject({
      products: z
        .array(installmentProductSchema)
        .default([])
        .describe('Installment products offered.'),
      creditLimitCents: cents
        .default(0)
        .describe('Credit a user may record in this activity (sum of addCreditRecord amounts).'),
      subsidyCapCents: cents.default(0).describe('reachLimit: subsidy a user may earn, in cents.'),
    })
    .prefault({})
    .describe('Installment products and their subsidy.'),
  youpin: z
    .strictObject({
      goods: z.array(partnerGoodsSchema).default([]).describe('youpinGoods: the items.'),
      memberSpecials: z
        .array(partnerGoodsSchema)
        .default([])
        .describe('memberSpecial: items at a member price.'),
    })
    .prefault({})
    .describe("configActivity/youpinGoods and memberSpecial: the partner shop's campaign items."),
  videoVip: z
    .strictObject({
      goods: z.array(vipGoodsSchema).default([]).describe('Memberships for sale.'),
      orderTtlMinutes: z
        .number()
        .int()
        .min(1)
        .default(15)
        .describe('An unpaid order closes after this many minutes.'),
    })
    .prefault({})
    .describe('Video memberships sold in the campaign.'),
  newMachines: z
    .strictObject({
      interestCents: cents
        .default(0)
        .describe('interest/doubleAmount: the interest a new-machine buyer gets, doubled.'),
      receiveDeadline: instant
        .optional()
        .describe(
          "interest/receiveCountDown: last moment to receive it, with offset; absent: the activity's end.",
        ),
    })
    .prefault({})
    .describe('New-machine interest.'),
  orchid: z
    .strictObject({
      title: text('Title of the card.'),
      desc: text('Text of the card.'),
      image: image('Picture'),
      jumpUrl: text('Where the card goes.'),
    })
    .prefault({})
    .describe('orchild/getOrchidInfo: public partner card.'),
  traffic: z
    .strictObject({
      jdReward: reward('What the visit pays.'),
      jdUrl: text("The partner shop's address."),
    })
    .prefault({})
    .describe('traffic/jdComplete: the shop-partner visit, paid once per campaign day.'),
  music: z
    .strictObject({
      hotSongs: z
        .array(
          z.strictObject({
            songId: id.describe('Id of the song.'),
            name: z.string().min(1).describe('Title of the song.'),
            singer: text('Singer.'),
            cover: image('Cover'),
          }),
        )
        .default([])
        .describe('Songs listed as hot.'),
      hotSongLists: z
        .array(
          z.strictObject({
            listId: id.describe('Id of the song list.'),
            name: z.string().min(1).describe('Name of the list.'),
            cover: image('Cover'),
            songCount: z.number().int().min(0).default(0).describe('Songs in the list.'),
          }),
        )
        .default([])
        .describe('Song lists listed as hot.'),
      tasks: z.array(musicTaskSchema).default([]).describe('Music tasks and their rewards.'),
      freeModeDays: z
        .number()
        .int()
        .min(1)
        .default(7)
        .describe('addFreeModeWhitelist: days of free listening from the first add.'),
      phoneExchangeGoods: z
        .array(
          z.strictObject({
            goodsId: id.describe('Id of the goods.'),
            name: z.string().min(1).describe('Name of the membership.'),
            costCents: z.number().int().min(1).describe('Gold rice it costs, in cents.'),
            perUserLimit: z
              .number()
              .int()
              .min(1)
              .default(1)
              .describe('Most exchanges of this goods per user.'),
          }),
        )
        .default([])
        .describe('exchangeByPhone: memberships bought with gold rice for the account of a phone.'),
    })
    .prefault({})
    .describe('Music partner: hot songs and lists, tasks, free listening, exchanges.'),
  cinema: z
    .strictObject({
      movies: z.array(movieSchema).default([]).describe('Movies and their showings.'),
      ticketSignDays: z
        .number()
        .int()
        .min(1)
        .default(3)
        .describe('Days a user must have signed in before claiming a free ticket.'),
      ticketsPerUser: z
        .number()
        .int()
        .min(1)
        .default(1)
        .describe('Free tickets per user in the activity.'),
    })
    .prefault({})
    .describe('Cinema: movies, showings, free tickets earned by signing in.'),
  trip: z
    .strictObject({
      modes: z
        .array(
          z.strictObject({
            modeId: id.describe('Id of the mode.'),
            name: z.string().min(1).describe('Name shown, e.g. 地铁.'),
          }),
        )
        .default([
          { modeId: 'metro', name: '地铁' },
          { modeId: 'bus', name: '公交' },
        ])
        .describe('Ways of travel a check-in may name.'),
      diamondsPerCheckIn: z
        .number()
        .int()
        .min(0)
        .default(10)
        .describe('Diamonds one check-in pays (once per campaign day).'),
      rewards: z.array(tripRewardSchema).default([]).describe('What diamonds buy.'),
    })
    .prefault({})
    .describe('Wallet trip: daily check-ins pay diamonds; diamonds buy rewards.'),
});
export type BenefitsConfig = z.output<typeof benefitsConfigSchema>;
