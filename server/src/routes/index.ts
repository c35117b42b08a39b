import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerLoginRoutes } from '../auth/login-routes';
import { registerActivityConfigRoutes } from './activity-config';
import { registerCouponRoutes } from './coupons';
import { registerDrawHistoryRoutes } from './draw-history';
import { registerDrawRoutes } from './draws';
import { registerFileRoutes } from './files';
import { registerGoldRiceRoutes } from './gold-rice';
import { registerHealthRoutes } from './health';
import { registerHolidayRoutes } from './holiday';
import { registerIdRoutes } from './ids';
import { registerPartnerDrawRoutes } from './partner-draws';
import { registerSignInRoutes } from './sign-in';
import { registerTaskRoutes } from './tasks';
import { registerUserRoutes } from './user';
import { registerVideoGuideRoutes } from './video-guides';
import { registerVoteRoutes } from './votes';
import { registerWechatRoutes } from './wechat';

/** A route family: one file in routes/ that registers its calls (see server/README.md). */
export type RouteFamily = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

/** Every family, registered in this order. Add a line for a new family here. */
export const routeFamilies: readonly RouteFamily[] = [
  registerHealthRoutes,
  registerLoginRoutes,
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
  registerVoteRoutes,
  registerFileRoutes,
  registerVideoGuideRoutes,
];
