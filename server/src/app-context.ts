import type { AppConfig } from './config/app-config';
import type { Db } from './db/types';
import type { RateLimiter } from './http/rate-limit';

/** What every route family receives: injected, so tests swap any part. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  /** HMAC key of the service token (auth/token.ts). */
  secret: string;
  rateLimiter: RateLimiter;
  /** Clock for campaign days and windows; tests pin it. */
  now: () => Date;
}
