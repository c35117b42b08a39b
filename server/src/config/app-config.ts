import { DEFAULT_UPLOAD_DIR } from '../domain/file-store';
import { DEVELOPMENT_SIGN_IN } from '../auth/oidc-config';
import type { SignInConfig } from '../auth/oidc-config';
import type { NamedToken } from './env-fields';
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
  /**
   * Bearer token of the operators' pages (/ops/client-errors, /ops/client-events, /ops/metrics); null: those pages
   * do not exist. Env OPS_TOKEN.
   */
  opsToken: string | null;
  /**
   * Operators of the live switch with a token each (env OPS_OPERATORS): the audit log records
   * the name of the token used; OPS_TOKEN's bearer is recorded as `ops`.
   */
  operators: readonly NamedToken[];
  /**
   * Prometheus metrics on a port of their own (GET /metrics, no token: keep the port private).
   * Env METRICS_PORT (unset: no such port) and METRICS_HOST (default 127.0.0.1).
   */
  metrics: { port: number | null; host: string };
  /**
   * Where uploaded files go (domain/file-storage.ts): `postgres` keeps them in the database,
   * shared by every node; `disk` in `dir`, this node only. Env UPLOAD_STORAGE and UPLOAD_DIR.
   */
  uploads: { storage: 'disk' | 'postgres'; dir: string };
  /**
   * Load balancers whose X-Forwarded-* headers are believed (addresses or CIDR ranges); empty:
   * none, the peer's address is the client's. Env TRUST_PROXY.
   */
  trustProxy: readonly string[];
  /** Who proves a user's identity (auth/oidc-config.ts): the embedded provider by default. */
  signIn: SignInConfig;
  /**
   * The preview's date (http/preview-clock.ts): a request's x-preview-now header moves the
   * server's clock for that request. `npm run preview` only; never on in production. Env
   * PREVIEW_CLOCK=1 (ignored with NODE_ENV=production).
   */
  previewClock: boolean;
}

export const DEFAULT_RATE_LIMIT = { capacity: 10, refillPerSecond: 2 } as const;
export const DEFAULT_SESSION_TTL_SECONDS = 30 * 24 * 3600;
export const DEFAULT_METRICS = { port: null, host: '127.0.0.1' } as const;

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
    operators: [],
    metrics: DEFAULT_METRICS,
    uploads: { storage: 'disk', dir: DEFAULT_UPLOAD_DIR },
    trustProxy: [],
    signIn: DEVELOPMENT_SIGN_IN,
    previewClock: false,
    ...overrides,
  };
}
