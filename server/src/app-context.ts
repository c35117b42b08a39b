import type { AppConfig } from './config/app-config';
import type { Db } from './db/types';
import type { RateCheck } from './http/rate-limit';

/** What every route family receives: injected, so tests swap any part. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  /** HMAC key of the service token (auth/token.ts). */
  secret: string;
  /** Per-user limit of the costly actions (http/rate-limit.ts; Redis-backed with REDIS_URL). */
  rateCheck: RateCheck;
  /** Clock for campaign days and windows; tests pin it. */
  now: () => Date;
}
