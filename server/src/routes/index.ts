import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerLoginRoutes } from '../auth/login-routes';
import { registerHealthRoutes } from './health';

/** A route family: one file in routes/ that registers its calls (see server/README.md). */
export type RouteFamily = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

/** Every family, registered in this order. Add a line for a new family here. */
export const routeFamilies: readonly RouteFamily[] = [registerHealthRoutes, registerLoginRoutes];
