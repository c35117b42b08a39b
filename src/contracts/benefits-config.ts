import { z } from 'zod';

/**
 * The optional `benefits` section of an activity (server/activities/<code>.json): data of the
 * partner and benefit calls of spec §7 (installment, video membership, music, reminders,
 * packets, new machines, traffic...). Every part has a default, so activities written before
 * this section existed stay valid. Kept apart from activity-config.ts so that file only gains
 * one line; it imports nothing from there (no import cycle).
 */

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -, at most 64');
const cents = z.number().int().min(0);
const instant = z.iso.datetime({ offset: true });

/** Same shape as the activity's rewardSchema (chances and/or gold rice, paid by grantReward). */
export const benefitRewardSchema = z.strictObject({
  chances: z.number().int().min(0).default(0),
  goldRiceCents: cents.default(0),
  label: z.string().default(''),
});
export type BenefitReward = z.output<typeof benefitRewardSchema>;
const noReward = { chances: 0, goldRiceCents: 0, label: '' };

/** spec §3: the dispatch-module call sends deviceType (0 browser, 1 finance app, 2 wallet app). */
export const dispatchModuleSchema = z.strictObject({
  moduleId: id,
  title: z.string().min(1),
  image: z.string().default(''),
  jumpUrl: z.string().default(''),
  deviceTypes: z.array(z.union([z.literal(0), z.literal(1), z.literal(2)])).default([0, 1, 2]),
});

export const installmentProductSchema = z.strictObject({
  productId: id,
  name: z.string().min(1),
  desc: z.string().default(''),
  /** Terms (months) the user may pick. */
  terms: z.array(z.number().int().min(1).max(60)).min(1),
  minCents: z.number().int().min(1),
  maxCents: z.number().int().min(1),
  /** Subsidy per credit record, in basis points of the amount (100 = 1 %). */
  subsidyBps: z.number().int().min(0).max(10_000).default(0),
});
export type InstallmentProduct = z.output<typeof installmentProductSchema>;

export const vipGoodsSchema = z.strictObject({
  goodsId: id,
  name: z.string().min(1),
  image: z.string().default(''),
  priceCents: z.number().int().min(1),
  originalPriceCents: cents.default(0),
  /** Membership days the goods gives. */
  days: z.number().int().min(1),
});
export type VipGoods = z.output<typeof vipGoodsSchema>;

export const musicTaskSchema = z.strictObject({
  taskId: id,
  title: z.string().min(1),
  reward: benefitRewardSchema.default(noReward),
});

/** A showing of a movie: one cinema, one start, a seat count sold by conditional update. */
export const showingSchema = z.strictObject({
  showingId: id,
  cinema: z.string().min(1),
  hall: z.string().default(''),
  startTime: instant,
  priceCents: cents.default(0),
  seats: z.number().int().min(0),
});

export const movieSchema = z.strictObject({
  movieId: id,
  name: z.string().min(1),
  poster: z.string().default(''),
  /** Audience score out of 10, one decimal. */
  score: z.number().min(0).max(10).default(0),
  tags: z.array(z.string().min(1)).default([]),
  durationMinutes: z.number().int().min(1).default(120),
  releaseDate: z.string().default(''),
  desc: z.string().default(''),
  /** Listed on the recommended page. */
  recommended: z.boolean().default(false),
  showings: z.array(showingSchema).default([]),
});
export type MovieConfig = z.output<typeof movieSchema>;

export const tripRewardSchema = z.strictObject({
  rewardId: id,
  name: z.string().min(1),
  image: z.string().default(''),
  /** Diamonds spent per exchange. */
  diamonds: z.number().int().min(1),
  reward: benefitRewardSchema,
  /** Most exchanges of this reward per user; absent = no limit. */
  perUserLimit: z.number().int().min(1).optional(),
});
export type TripReward = z.output<typeof tripRewardSchema>;

/** A partner shop item (youpinGoods, memberSpecial): seeded into partner_goods, stock kept there. */
export const partnerGoodsSchema = z.strictObject({
  goodsId: id,
  name: z.string().min(1),
  image: z.string().default(''),
  priceCents: z.number().int().min(1),
  originalPriceCents: cents.default(0),
  /** memberSpecial: the price for members (users registered in the activity); 0 = none. */
  memberPriceCents: cents.default(0),
  /** Units the partner put into the campaign; 0 shows the item as sold out. */
  stock: z.number().int().min(0),
  /** The item in the partner's shop: a route, an https address or an app link. */
  jumpUrl: z.string().default(''),
  /** Short badge such as 爆款 or 新品. */
  tag: z.string().max(8).default(''),
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
  /** The contract-phone pages' phones, plans and subsidies (ours, issue 32). */
  contractPhone: contractPhoneOffer.prefault({}),
  /** getDispatchModuleList4C: modules by device type (the client uses the first, spec §3). */
  dispatchModules: z.array(dispatchModuleSchema).default([]),
  /** phoneBillAmount: subsidy shown on the phone-bill pages. */
  phoneBill: z
    .strictObject({
      amountCents: cents.default(0),
      /** Only users new to the activity (account created after its start) get it. */
      newUserOnly: z.boolean().default(false),
    })
    .prefault({}),
  /** getHaikuiImgUrl: the partner poster image. */
  haikuiImgUrl: z.string().default(''),
  /** completeCalendarRemind: paid once per campaign day when the user comes back from it. */
  calendarRemindReward: benefitRewardSchema.default(noReward),
  /** invitePacketInfo / openInvitePacket: a friend opens the inviter's packet once. */
  invitePacket: z
    .strictObject({
      enabled: z.boolean().default(false),
      openerReward: benefitRewardSchema.default(noReward),
      inviterReward: benefitRewardSchema.default(noReward),
      /** The inviter is paid for at most this many friends. */
      maxPaidInvites: z.number().int().min(0).default(10),
    })
    .prefault({}),
  installment: z
    .strictObject({
      products: z.array(installmentProductSchema).default([]),
      /** Credit a user may record in this activity (sum of addCreditRecord amounts). */
      creditLimitCents: cents.default(0),
      /** reachLimit: subsidy a user may earn in this activity. */
      subsidyCapCents: cents.default(0),
    })
    .prefault({}),
  /** configActivity/youpinGoods and memberSpecial: the partner shop's campaign items. */
  youpin: z
    .strictObject({
      goods: z.array(partnerGoodsSchema).default([]),
      memberSpecials: z.array(partnerGoodsSchema).default([]),
    })
    .prefault({}),
  videoVip: z
    .strictObject({
      goods: z.array(vipGoodsSchema).default([]),
      /** An unpaid order closes after this many minutes. */
      orderTtlMinutes: z.number().int().min(1).default(15),
    })
    .prefault({}),
  newMachines: z
    .strictObject({
      /** interest/doubleAmount: the interest a new-machine buyer gets, doubled by the campaign. */
      interestCents: cents.default(0),
      /** interest/receiveCountDown: last moment to receive it; absent = the activity's end. */
      receiveDeadline: instant.optional(),
    })
    .prefault({}),
  /** orchild/getOrchidInfo: public partner card. */
  orchid: z
    .strictObject({
      title: z.string().default(''),
      desc: z.string().default(''),
      image: z.string().default(''),
      jumpUrl: z.string().default(''),
    })
    .prefault({}),
  /** traffic/jdComplete: the shop-partner visit, paid once per campaign day. */
  traffic: z
    .strictObject({
      jdReward: benefitRewardSchema.default(noReward),
      jdUrl: z.string().default(''),
    })
    .prefault({}),
  music: z
    .strictObject({
      hotSongs: z
        .array(
          z.strictObject({
            songId: id,
            name: z.string().min(1),
            singer: z.string().default(''),
            cover: z.string().default(''),
          }),
        )
        .default([]),
      hotSongLists: z
        .array(
          z.strictObject({
            listId: id,
            name: z.string().min(1),
            cover: z.string().default(''),
            songCount: z.number().int().min(0).default(0),
          }),
        )
        .default([]),
      tasks: z.array(musicTaskSchema).default([]),
      /** addFreeModeWhitelist: days of free listening from the first add. */
      freeModeDays: z.number().int().min(1).default(7),
      /** exchangeByPhone (ours): memberships bought with gold rice for the account of a phone. */
      phoneExchangeGoods: z
        .array(
          z.strictObject({
            goodsId: id,
            name: z.string().min(1),
            costCents: z.number().int().min(1),
            /** Most exchanges of this goods per user. */
            perUserLimit: z.number().int().min(1).default(1),
          }),
        )
        .default([]),
    })
    .prefault({}),
  /** Cinema (ours, BREADTH.md point 4): movies, showings, free tickets earned by signing in. */
  cinema: z
    .strictObject({
      movies: z.array(movieSchema).default([]),
      /** Days a user must have signed in (signIn, daily) before claiming a free ticket. */
      ticketSignDays: z.number().int().min(1).default(3),
      /** Free tickets per user in the activity. */
      ticketsPerUser: z.number().int().min(1).default(1),
    })
    .prefault({}),
  /** Wallet trip (ours): one trip check-in per campaign day pays diamonds; diamonds buy rewards. */
  trip: z
    .strictObject({
      modes: z.array(z.strictObject({ modeId: id, name: z.string().min(1) })).default([
        { modeId: 'metro', name: '地铁' },
        { modeId: 'bus', name: '公交' },
      ]),
      diamondsPerCheckIn: z.number().int().min(0).default(10),
      rewards: z.array(tripRewardSchema).default([]),
    })
    .prefault({}),
});
export type BenefitsConfig = z.output<typeof benefitsConfigSchema>;
