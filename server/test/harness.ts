import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { makeAppConfig } from '../src/config/app-config';
import type { AppConfig } from '../src/config/app-config';
import type { ActivityConfig } from '../src/config/activity-config';
import { loadActivities } from '../src/config/load-activities';
import { migrate } from '../src/db/migrate';
import { openPg } from '../src/db/pg-driver';
import { openPglite } from '../src/db/pglite-driver';
import type { Db } from '../src/db/types';
import {
  SERVICE_TOKEN_COOKIES,
  SERVICE_TOKEN_MARKER_COOKIES,
  USER_ID_COOKIES,
} from '../../src/spec/constants';
import { signInThroughFlow } from './sign-in-flow';
import type { FlowSend } from './sign-in-flow';
import { checkAnswers, describeFailures } from './contract-check';

/**
 * Test harness: an app on a fresh database per call. In-memory PGlite by default; with
 * TEST_DATABASE_URL set, PostgreSQL in a new schema (dropped by close), so files run in
 * parallel without seeing each other's rows.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnop';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  /** PostgreSQL schema (also the connections' application_name); null on PGlite. */
  schema: string | null;
  /** Moves the pinned clock (campaign days, token ages). */
  setNow(iso: string): void;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Initial clock; default 2025-06-10T10:00:00+08:00 (inside the demo window). */
  now?: string;
  /** Edits the loaded demo activities before the app starts (kill switches, windows...). */
  editActivities?: (activities: Map<string, ActivityConfig>) => void;
  config?: Partial<Omit<AppConfig, 'activities'>>;
  /** Pool size on PostgreSQL (the concurrency tests want many connections). */
  poolSize?: number;
  /** Wraps the database the app sees (fault injection); tests keep the unwrapped one in `db`. */
  wrapDb?: (db: Db) => Db;
}

export async function freshDb(
  poolSize: number,
): Promise<{ db: Db; drop: () => Promise<void>; schema: string | null }> {
  if (!TEST_DATABASE_URL) return { db: await openPglite(), drop: async () => {}, schema: null };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  // application_name = schema: a test finds (and may terminate) its own backends by it.
  const db = openPg({
    connectionString: TEST_DATABASE_URL,
    schema,
    max: poolSize,
    applicationName: schema,
  });
  return {
    db,
    schema,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { db, drop, schema } = await freshDb(options.poolSize ?? 5);
  await migrate(db);
  const activities = new Map(await loadActivities());
  options.editActivities?.(activities);
  const config = makeAppConfig(activities, options.config);
  let now = new Date(options.now ?? '2025-06-10T10:00:00+08:00');
  const app = await buildApp({
    db: options.wrapDb ? options.wrapDb(db) : db,
    config,
    secret: TEST_SECRET,
    staticDir: null,
    logger: false,
    now: () => now,
  });
  // The contract test (issue 31): every answer of every test is checked against its contract.
  const contractFailures = checkAnswers(app);
  await app.ready();
  return {
    app,
    db,
    config,
    schema,
    setNow: (iso) => {
      now = new Date(iso);
    },
    close: async () => {
      await app.close();
      await db.close();
      await drop();
      const failures = contractFailures();
      if (failures.length > 0) throw new Error(describeFailures(failures));
    },
  };
}

/** The session cookies a signed-in browser sends (spec §4 + the marker, decision 0003). */
const SESSION_COOKIES = [
  ...USER_ID_COOKIES,
  ...Object.values(SERVICE_TOKEN_COOKIES),
  ...Object.values(SERVICE_TOKEN_MARKER_COOKIES),
];

/** Sends one step of the sign-in flow through Fastify's inject. */
export function injectSend(
  app: FastifyInstance,
  options: { host?: string; remoteAddress?: string; forwardedFor?: string } = {},
): FlowSend {
  const { host, remoteAddress, forwardedFor } = options;
  return async ({ method, path, cookie, form }) => {
    const res = await app.inject({
      method,
      url: path,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(host ? { host } : {}),
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      ...(form ? { payload: form } : {}),
    });
    const raw = res.headers['set-cookie'];
    return {
      status: res.statusCode,
      location: typeof res.headers.location === 'string' ? res.headers.location : null,
      setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)],
      body: res.body,
    };
  };
}

/**
 * Signs in through the real flow (code from the dev inbox, sign-in-flow.ts) and returns the
 * Cookie header to send with calls.
 */
export async function login(app: FastifyInstance, phone = '13800000001'): Promise<string> {
  // Each phone from its own address, as users are: the per-address send limit is tested apart.
  const octets = [phone.slice(-6, -4), phone.slice(-4, -2), phone.slice(-2)].map(Number);
  const remoteAddress = `10.${octets.join('.')}`;
  const { jar } = await signInThroughFlow(injectSend(app, { remoteAddress }), phone);
  return jar.header(SESSION_COOKIES);
}

/** The user id inside a Cookie header made by login(). */
export function userIdOf(cookie: string): string {
  const match = /(?:^|; )userId=(\d+)/.exec(cookie);
  if (!match?.[1]) throw new Error('no userId cookie');
  return match[1];
}

/** Parsed envelope of a response. */
export function body<T = Record<string, unknown>>(res: { body: string }) {
  return JSON.parse(res.body) as { code: number; result: T; error: string | null; msg: string };
}
