import { DEVELOPMENT_SIGN_IN } from '../auth/oidc-config';
import type { SignInConfig } from '../auth/oidc-config';
import type { ActivityRegistry } from './load-activities';

/** Everything buildApp needs besides the database; tests build it with makeAppConfig. */
export interface AppConfig {
  activities: ActivityRegistry;
  /** WeChat JS-SDK (spec §7 transpond/wechat): app id and the current jsapi_ticket. */
  wechat: { appId: string; jsapiTicket: string };
  /**
   * Origins that are ours besides the request's own (e.g. https://m.example.com): WeChat
   * signatures are issued only for pages on these.
   */
  ownOrigins: readonly string[];
  /** Token bucket per user and action (rate-limit.ts): burst size and refill per second. */
  rateLimit: { capacity: number; refillPerSecond: number };
  /** Service-token lifetime, seconds. */
  sessionTtlSeconds: number;
  /**
   * The sandbox cashier (video/vip/sandboxCashier) completes video VIP orders where no real
   * cashier exists (preview, end-to-end tests); never on in production. Env SANDBOX_CASHIER=1.
   */
  sandboxCashier: boolean;
  /** Bearer token of the operators' pages (/ops/client-errors); null: those pages do not exist. */
  opsToken: string | null;
  /** Who proves a user's identity (auth/oidc-config.ts): the embedded provider by default. */
  signIn: SignInConfig;
}

export const DEFAULT_RATE_LIMIT = { capacity: 10, refillPerSecond: 2 } as const;
export const DEFAULT_SESSION_TTL_SECONDS = 30 * 24 * 3600;

export function makeAppConfig(
  activities: ActivityRegistry,
  overrides: Partial<Omit<AppConfig, 'activities'>> = {},
): AppConfig {
  return {
    activities,
    wechat: { appId: 'wx-demo-app-id', jsapiTicket: 'demo-jsapi-ticket' },
    ownOrigins: [],
    rateLimit: DEFAULT_RATE_LIMIT,
    sessionTtlSeconds: DEFAULT_SESSION_TTL_SECONDS,
    sandboxCashier: false,
    opsToken: null,
    signIn: DEVELOPMENT_SIGN_IN,
    ...overrides,
  };
}
