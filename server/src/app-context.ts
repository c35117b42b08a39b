import type { AppConfig } from './config/app-config';
import type { Db } from './db/types';
import type { LiveSwitchBoard } from './domain/live-switches';
import type { RateCheck } from './http/rate-limit';
import type { AppMetrics } from './observability/metrics';

/** What every route family receives: injected, so tests swap any part. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  /** HMAC key of the service token (auth/token.ts). */
  secret: string;
  /** Per-user limit of the costly actions (http/rate-limit.ts; Redis-backed with REDIS_URL). */
  rateCheck: RateCheck;
  /** Prometheus counters of the service (observability/metrics.ts). */
  metrics: AppMetrics;
  /** What operators turned off on the live site (domain/live-switches.ts), as this node knows it. */
  switches: LiveSwitchBoard;
  /**
   * Clock for campaign days and windows; tests pin it. In a preview server (config.previewClock)
   * a request with the preview's date sees that date (http/preview-clock.ts).
   */
  now: () => Date;
  /**
   * The server's own clock, never moved by a preview date: token and code lifetimes, upload
   * links, signatures for third parties. Tests pin it with `now`.
   */
  realNow: () => Date;
}
