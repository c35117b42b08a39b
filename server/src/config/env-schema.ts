import { z } from 'zod';
import { SMS_IP_MAX_PER_HOUR } from '../auth/sign-in-constants';
import { DEFAULT_RATE_LIMIT_NAMESPACE } from '../http/rate-limit';
import { DEFAULT_RATE_LIMIT } from './app-config';
import {
  EnvError,
  commaList,
  flag,
  folder,
  integer,
  namedTokens,
  oneOf,
  positiveNumber,
  text,
  url,
  type EnvVar,
  type EnvVarDoc,
} from './env-fields';

/**
 * Every environment variable the server reads, declared once: its type, default, allowed values
 * and meaning. main.ts reads the environment only through parseEnv (below), at start, and a bad
 * value stops the start with a message naming the variable and what it accepts (issue 35).
 * docs/server.md's configuration table is generated from this list (npm run generate).
 *
 * Validated with zod (already the server's schema library for every request): one library for
 * both, and its issues carry the path we need to name the variable.
 *
 * Adding a variable: add one entry to ENV_VARS in the section it belongs to (or a new section at
 * the end, before "Development and tests only"), read it from the parsed ServerEnv, then run
 * `npx tsx scripts/generate.ts` to refresh the table.
 */

const SERVER = 'Server';
const DATA = 'Database and storage';
const SEVERAL_NODES = 'Several nodes';
const INTEGRATIONS = 'Integrations';
const OPERATORS = 'Operators';
const SIGN_IN = 'Sign-in';
const DEV_ONLY = 'Development and tests only';

export const ENV_VARS = {
  // Server
  NODE_ENV: oneOf(['development', 'production', 'test'], {
    default: 'development',
    section: SERVER,
    description:
      'production: `npm start` runs the built server (server/dist/) and never builds; development: it rebuilds the front end when sources changed and runs the server from its TypeScript.',
  }),
  PORT: integer({
    default: 8080,
    min: 0,
    max: 65535,
    section: SERVER,
    description: 'Port the server listens on (0: any free port, as tests start it).',
  }),
  HOST: text({ default: '0.0.0.0', section: SERVER, description: 'Address the server binds.' }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    section: SERVER,
    description: 'Least severe log level written (pino, JSON lines on stdout).',
  }),
  STATIC_DIR: folder({
    default: 'dist',
    section: SERVER,
    description: 'The built front end (`npm run build`) the server serves under /mp/activity/.',
  }),
  ACTIVITIES_DIR: folder({
    default: 'server/activities',
    section: SERVER,
    description: 'Activity configurations (one JSON file per activity), read at start.',
  }),
  SESSION_SECRET: text({
    secret: true,
    minLength: 32,
    section: SERVER,
    description:
      'HMAC key of the service tokens. Required with DATABASE_URL (every node must share it); unset with the embedded database, one is generated into DATA_DIR.',
  }),
  OWN_ORIGINS: commaList({
    section: SERVER,
    description:
      'Origins that are ours besides the request’s own (e.g. https://m.example.com); WeChat signatures are issued only for pages on them.',
  }),
  // Database and storage
  DATABASE_URL: url({
    secret: true,
    protocols: ['postgres:', 'postgresql:'],
    section: DATA,
    description: 'PostgreSQL connection string. Unset: the embedded PGlite database in DATA_DIR.',
  }),
  DATABASE_POOL_SIZE: integer({
    min: 1,
    section: DATA,
    description: 'Most PostgreSQL connections per node (unset: the pg driver’s default, 10).',
  }),
  DATA_DIR: folder({
    default: 'server/data',
    section: DATA,
    description:
      'Folder of the embedded database (DATA_DIR/pglite) and its generated session secret.',
  }),
  UPLOAD_STORAGE: oneOf(['disk', 'postgres'], {
    default: 'disk',
    section: DATA,
    description:
      'Where uploaded files go: disk = UPLOAD_DIR on this node only; postgres = large objects in the database, shared by every node.',
  }),
  UPLOAD_DIR: folder({
    default: 'server/data/uploads',
    section: DATA,
    description: 'Folder of uploaded files when UPLOAD_STORAGE=disk.',
  }),
  // Several nodes
  REDIS_URL: url({
    secret: true,
    protocols: ['redis:', 'rediss:'],
    section: SEVERAL_NODES,
    description:
      'Redis shared by every node for the rate limits. Unset: limits are kept in this process’s memory (one node).',
  }),
  TRUST_PROXY: commaList({
    section: SEVERAL_NODES,
    description:
      'Addresses or CIDR ranges of the load balancers in front of the nodes (e.g. 10.0.0.0/8): their X-Forwarded-For and X-Forwarded-Proto are believed, so per-address limits see the client and cookies are Secure behind TLS. Unset: no proxy is trusted.',
  }),
  RATE_LIMIT_NAMESPACE: text({
    default: DEFAULT_RATE_LIMIT_NAMESPACE,
    section: SEVERAL_NODES,
    description:
      'Prefix of the rate-limit keys in Redis (keys read `<prefix><action>:<user>`); deployments sharing one Redis use different prefixes.',
  }),
  RATE_LIMIT_CAPACITY: integer({
    default: DEFAULT_RATE_LIMIT.capacity,
    min: 1,
    section: SEVERAL_NODES,
    description: 'Calls per user and action (draw, claim, vote, upload, report) in one window.',
  }),
  RATE_LIMIT_REFILL_PER_SECOND: positiveNumber({
    default: DEFAULT_RATE_LIMIT.refillPerSecond,
    section: SEVERAL_NODES,
    description: 'The window lasts capacity / this many seconds (the average rate of a bucket).',
  }),
  // Integrations
  WECHAT_APP_ID: text({
    default: 'wx-demo-app-id',
    section: INTEGRATIONS,
    description: 'WeChat JS-SDK app id (spec §7 transpond/wechat).',
  }),
  WECHAT_JSAPI_TICKET: text({
    secret: true,
    default: 'demo-jsapi-ticket',
    section: INTEGRATIONS,
    description: 'The current WeChat jsapi_ticket the share signatures are made with.',
  }),
  // Operators
  OPS_TOKEN: text({
    secret: true,
    section: OPERATORS,
    description:
      'Bearer token of the operators’ pages (/ops/client-errors, /ops/client-events, /ops/metrics) and routes (/mp/api/ops/switches, the video review under /mp/api/ops/; recorded as operator `ops`). Unset: those pages do not exist.',
  }),
  OPS_OPERATORS: namedTokens({
    secret: true,
    minLength: 16,
    section: OPERATORS,
    description:
      'Operators of the live switch, each with a bearer token of their own (`alice:token,bob:token`): the audit log records the name of the token used (docs/authoring.md "Stopping something on a live page"). Unset: only OPS_TOKEN.',
  }),
  METRICS_PORT: integer({
    min: 1,
    max: 65535,
    section: OPERATORS,
    description:
      'Prometheus metrics (GET /metrics, no token) on a port of their own; keep it private. Unset: no metrics port (docs/server.md "Observability").',
  }),
  METRICS_HOST: text({
    default: '127.0.0.1',
    section: OPERATORS,
    description: 'Address the metrics port binds.',
  }),
  // Sign-in (server/src/auth/oidc-config.ts turns these into the SignInConfig)
  OIDC_ISSUER: url({
    protocols: ['https:', 'http:'],
    section: SIGN_IN,
    description:
      'Issuer of the OpenID provider that proves identity (production: the provider’s own accounts). Unset: the embedded provider with SMS codes, refused with NODE_ENV=production unless OIDC_EMBEDDED_DEMO=1.',
  }),
  OIDC_CLIENT_ID: text({
    section: SIGN_IN,
    description: 'Our client id at OIDC_ISSUER (required with it).',
  }),
  OIDC_CLIENT_SECRET: text({
    secret: true,
    section: SIGN_IN,
    description: 'Our client secret at OIDC_ISSUER (client_secret_basic; required with it).',
  }),
  OIDC_REDIRECT_URI: url({
    protocols: ['https:', 'http:'],
    section: SIGN_IN,
    description:
      'Fixed redirect URI registered at the provider. Unset: the request’s origin + /mp/api/login/callback.',
  }),
  OIDC_EMBEDDED_DEMO: flag({
    section: SIGN_IN,
    description:
      '1: a NODE_ENV=production start may run the embedded provider, as a declared demo (the start logs it).',
  }),
  SMS_WEBHOOK_URL: url({
    protocols: ['https:', 'http:'],
    section: SIGN_IN,
    description:
      'Embedded provider: where sign-in codes are sent (POST JSON {phone, code, expiresAt, purpose}). Unset: the log and the dev inbox (the log only in production).',
  }),
  SMS_SENDS_PER_ADDRESS_PER_HOUR: integer({
    default: SMS_IP_MAX_PER_HOUR,
    min: 1,
    section: SIGN_IN,
    description:
      'Codes one client address may ask for per hour. Behind a balancer that hides client addresses every request shares its address: raise it there.',
  }),
  // New sections go here, above the development-only switches.
  // Development and tests only
  SANDBOX_CASHIER: flag({
    section: DEV_ONLY,
    description:
      '1: video VIP orders are completed by the sandbox cashier (previews and end-to-end tests). Never in production.',
  }),
  PREVIEW_CLOCK: flag({
    section: DEV_ONLY,
    description:
      "1: a request with the preview's date (x-preview-now header) runs on that date, for that request only (`npm run preview` sets it). Ignored with NODE_ENV=production.",
  }),
} satisfies Record<string, EnvVar<unknown>>;

export type EnvVarName = keyof typeof ENV_VARS;

/** The environment as the server uses it: typed, defaults applied, paths absolute. */
export type ServerEnv = { [K in EnvVarName]: z.output<(typeof ENV_VARS)[K]['schema']> };

export { EnvError };

function describeIssue(name: EnvVarName, raw: string | undefined, issue: z.core.$ZodIssue) {
  const doc: EnvVarDoc = ENV_VARS[name].doc;
  const got = raw === undefined ? 'unset' : doc.secret ? '(value hidden)' : JSON.stringify(raw);
  if (doc.allowed) return `${name}=${got} is not allowed: one of ${doc.allowed.join(', ')}`;
  return `${name}=${got} is not valid: expected ${doc.type} (${issue.message})`;
}

/**
 * Reads and checks the server's variables from `source` (process.env at start). Unset and empty
 * are the same: the default. Throws an EnvError naming each bad variable and what it accepts.
 */
export function parseEnv(source: Readonly<Record<string, string | undefined>>): ServerEnv {
  const names = Object.keys(ENV_VARS) as EnvVarName[];
  const raw = Object.fromEntries(
    names.map((name) => [name, source[name] === '' ? undefined : source[name]]),
  );
  const schema = z.object(Object.fromEntries(names.map((name) => [name, ENV_VARS[name].schema])));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as ServerEnv;
  const messages = parsed.error.issues.map((issue) => {
    const name = issue.path[0] as EnvVarName;
    return describeIssue(name, raw[name], issue);
  });
  throw new EnvError(`configuration refused:\n  ${messages.join('\n  ')}`);
}

/** Levenshtein distance, for names only (a few dozen characters). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Warnings for variables that are set but are not the server's, and are one or two letters away
 * from one that is (UPLOAD_STORGE for UPLOAD_STORAGE): a misspelt name would otherwise leave the
 * default in force without a word. Warned, not refused: the environment also holds other
 * programs' variables, whose names are not ours to judge.
 */
export function misspeltEnvNames(source: Readonly<Record<string, string | undefined>>): string[] {
  const known = Object.keys(ENV_VARS);
  const warnings: string[] = [];
  for (const name of Object.keys(source)) {
    if (name in ENV_VARS || name.length < 6) continue;
    const near = known.find((k) => distance(name, k) <= 2);
    if (near) warnings.push(`${name} is not a variable of this server: did you mean ${near}?`);
  }
  return warnings;
}
