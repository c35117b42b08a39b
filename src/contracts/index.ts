/**
 * The one registry of API contracts (issue 31): every call of the catalogue by qualified name,
 * one file per family beside the server's route file of the same name. The catalogue
 * (src/services/api/catalogue.ts), the client's run-time table (src/build/api-table.ts), the
 * server's routes (server/src/http/define-route.ts) and the client's types all come from here.
 * Browser code imports types only (`import type`): zod stays out of the phone's download.
 */
import type { z } from 'zod';
import type { ApiContract } from './contract';
import { activityConfigContracts } from './activity-config';
import { appStoreContracts } from './app-store';
import { bankCardsContracts } from './bank-cards';
import { cinemaContracts } from './cinema';
import { clientErrorsContracts } from './client-errors';
import { clientEventsContracts } from './client-events';
import { contractPhonesContracts } from './contract-phones';
import { couponsContracts } from './coupons';
import { drawHistoryContracts } from './draw-history';
import { drawsContracts } from './draws';
import { filesContracts } from './files';
import { generalInfoContracts } from './general-info';
import { generalPacketsContracts } from './general-packets';
import { generalRemindersContracts } from './general-reminders';
import { goldRiceContracts } from './gold-rice';
import { holidayContracts } from './holiday';
import { idsContracts } from './ids';
import { installmentContracts } from './installment';
import { leadsContracts } from './leads';
import { liveSwitchContracts, liveSwitchOpsContracts } from './live-switches';
import { marketingAuthContracts } from './marketing-auth';
import { partnerBenefitsContracts } from './partner-benefits';
import { partnerDrawsContracts } from './partner-draws';
import { pointsContracts } from './points';
import { qqMusicContracts } from './qq-music';
import { signInContracts } from './sign-in';
import { tasksContracts } from './tasks';
import { trafficContracts } from './traffic';
import { userContracts } from './user';
import { userDataContracts } from './user-data';
import { videoGuidesContracts } from './video-guides';
import { videoVipContracts } from './video-vip';
import { votesContracts } from './votes';
import { walletTripContracts } from './wallet-trip';
import { wechatContracts } from './wechat';
import { youpinContracts } from './youpin';
import { opsContracts } from './ops';
import { opsVideoReviewContracts } from './ops-video-review';

export const contracts = {
  ...activityConfigContracts,
  ...appStoreContracts,
  ...bankCardsContracts,
  ...cinemaContracts,
  ...clientErrorsContracts,
  ...clientEventsContracts,
  ...contractPhonesContracts,
  ...couponsContracts,
  ...drawHistoryContracts,
  ...drawsContracts,
  ...filesContracts,
  ...generalInfoContracts,
  ...generalPacketsContracts,
  ...generalRemindersContracts,
  ...goldRiceContracts,
  ...holidayContracts,
  ...idsContracts,
  ...installmentContracts,
  ...leadsContracts,
  ...liveSwitchContracts,
  ...marketingAuthContracts,
  ...partnerBenefitsContracts,
  ...partnerDrawsContracts,
  ...pointsContracts,
  ...qqMusicContracts,
  ...signInContracts,
  ...tasksContracts,
  ...trafficContracts,
  ...userContracts,
  ...userDataContracts,
  ...videoGuidesContracts,
  ...videoVipContracts,
  ...votesContracts,
  ...walletTripContracts,
  ...wechatContracts,
  ...youpinContracts,
} as const satisfies Readonly<Record<string, ApiContract>>;

/**
 * Every route the reference server answers through defineRoute: the calls, its own probes and the
 * operators' routes (OPS_TOKEN or an operator's own token), which the phone never makes.
 */
export const serverContracts = {
  ...contracts,
  ...opsContracts,
  ...liveSwitchOpsContracts,
  ...opsVideoReviewContracts,
} as const;

/** A call's qualified name, e.g. 'generalActivity.luckDraw'. */
export type ApiName = keyof typeof contracts;
export type ServerCallName = keyof typeof serverContracts;

/** What a call takes, as the client writes it. */
export type ApiInput<N extends ApiName> = z.input<(typeof contracts)[N]['input']>;
/** What a call answers in the envelope's `result`. */
export type ApiOutput<N extends ApiName> = z.output<(typeof contracts)[N]['output']>;

export type { ApiContract, ApiMethod } from './contract';
