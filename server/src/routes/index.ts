import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerLoginRoutes } from '../auth/login-routes';
import { registerActivityConfigRoutes } from './activity-config';
import { registerAppStoreRoutes } from './app-store';
import { registerCinemaRoutes } from './cinema';
import { registerClientErrorRoutes } from './client-errors';
import { registerClientEventRoutes } from './client-events';
import { registerBankCardRoutes } from './bank-cards';
import { registerContractPhoneRoutes } from './contract-phones';
import { registerCouponRoutes } from './coupons';
import { registerDrawHistoryRoutes } from './draw-history';
import { registerDrawRoutes } from './draws';
import { registerFileRoutes } from './files';
import { registerGeneralInfoRoutes } from './general-info';
import { registerGeneralPacketRoutes } from './general-packets';
import { registerGeneralReminderRoutes } from './general-reminders';
import { registerGoldRiceRoutes } from './gold-rice';
import { registerHealthRoutes } from './health';
import { registerHolidayRoutes } from './holiday';
import { registerIdRoutes } from './ids';
import { registerInstallmentRoutes } from './installment';
import { registerLeadRoutes } from './leads';
import { registerLiveSwitchRoutes } from './live-switches';
import { registerMarketingAuthRoutes } from './marketing-auth';
import { registerYoupinRoutes } from './youpin';
import { registerPartnerBenefitRoutes } from './partner-benefits';
import { registerPartnerDrawRoutes } from './partner-draws';
import { registerPointsRoutes } from './points';
import { registerQqMusicRoutes } from './qq-music';
import { registerSignInRoutes } from './sign-in';
import { registerTaskRoutes } from './tasks';
import { registerTrafficRoutes } from './traffic';
import { registerUserDataRoutes } from './user-data';
import { registerUserRoutes } from './user';
import { registerVideoGuideRoutes } from './video-guides';
import { registerOpsVideoReviewRoutes } from './ops-video-review';
import { registerVideoVipRoutes } from './video-vip';
import { registerVoteRoutes } from './votes';
import { registerWalletTripRoutes } from './wallet-trip';
import { registerWechatRoutes } from './wechat';

/** A route family: one file in routes/ that registers its calls (see server/README.md). */
export type RouteFamily = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

/** Every family, registered in this order. Add a line for a new family here. */
export const routeFamilies: readonly RouteFamily[] = [
  registerHealthRoutes,
  registerLoginRoutes,
  registerClientErrorRoutes,
  registerLiveSwitchRoutes,
  registerClientEventRoutes,
  registerActivityConfigRoutes,
  registerTaskRoutes,
  registerSignInRoutes,
  registerUserRoutes,
  registerWechatRoutes,
  registerHolidayRoutes,
  registerIdRoutes,
  registerDrawRoutes,
  registerDrawHistoryRoutes,
  registerPartnerDrawRoutes,
  registerGoldRiceRoutes,
  registerCouponRoutes,
  registerContractPhoneRoutes,
  registerVoteRoutes,
  registerFileRoutes,
  registerVideoGuideRoutes,
  registerOpsVideoReviewRoutes,
  registerAppStoreRoutes,
  registerGeneralInfoRoutes,
  registerGeneralPacketRoutes,
  registerGeneralReminderRoutes,
  registerInstallmentRoutes,
  registerLeadRoutes,
  registerPartnerBenefitRoutes,
  registerCinemaRoutes,
  registerWalletTripRoutes,
  registerBankCardRoutes,
  registerQqMusicRoutes,
  registerTrafficRoutes,
  registerUserDataRoutes,
  registerVideoVipRoutes,
  registerPointsRoutes,
  registerMarketingAuthRoutes,
  registerYoupinRoutes,
];
