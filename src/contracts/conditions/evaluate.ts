import type { Environment } from '../env/environment';
import { resolvePath } from './resolve-path';
import { compareVersions } from '../env/version';
import { canQueryOtherApps, supportsNewDomain } from '../env/version-gates';
import type { Condition, VersionGate } from './condition-schema';

/** Everything a condition may look at. */
export interface ConditionContext {
  env: Environment;
  loggedIn: boolean;
  /** Milliseconds since the epoch, from the (server-corrected) clock. */
  now: number;
  hostname: string;
  query: URLSearchParams;
  /** The binding scope: data, state, user, activity. */
  scope: unknown;
}

type Check = (condition: Condition, context: ConditionContext) => boolean;

/** spec §5: each gate's rule, in one place (../env/version-gates.ts). */
const GATES: ReadonlyMap<VersionGate, (env: Environment) => boolean> = new Map([
  ['newDomain', supportsNewDomain],
  ['queryOtherApps', canQueryOtherApps],
]);

function includes<T>(list: readonly T[] | undefined, value: T): boolean {
  return list === undefined || list.includes(value);
}

/**
 * One check per key, looked up by the keys the condition has: a typical `when` has one or two
 * keys, and a page evaluates one per node on every render, so absent keys cost nothing. A key
 * absent from the condition holds; an unknown key (a document newer than this build) is ignored,
 * as it was when every check ran.
 */
const checks = new Map<string, Check>([
  ['all', (c, x) => c.all === undefined || c.all.every((inner) => evaluateCondition(inner, x))],
  ['any', (c, x) => c.any === undefined || c.any.some((inner) => evaluateCondition(inner, x))],
  ['not', (c, x) => c.not === undefined || !evaluateCondition(c.not, x)],
  ['host', (c, x) => includes(c.host, x.env.host)],
  ['appType', (c, x) => includes<number>(c.appType, x.env.appType)],
  ['platformType', (c, x) => includes(c.platformType, x.env.platformType)],
  ['deviceType', (c, x) => includes(c.deviceType, x.env.deviceType)],
  ['system', (c, x) => includes(c.system, x.env.system)],
  ['loggedIn', (c, x) => c.loggedIn === undefined || c.loggedIn === x.loggedIn],
  [
    'versionGate',
    (c, x) => c.versionGate === undefined || (GATES.get(c.versionGate)?.(x.env) ?? false),
  ],
  ['nfc', (c, x) => c.nfc === undefined || c.nfc === x.env.nfc],
  [
    'brand',
    (c, x) => c.brand === undefined || (x.env.brand !== null && c.brand.includes(x.env.brand)),
  ],
  [
    'appVersion',
    (c, x) => {
      if (!c.appVersion) return true;
      const version = x.env.appVersion;
      if (version === null) return false;
      if (c.appVersion.min && compareVersions(version, c.appVersion.min) < 0) return false;
      if (c.appVersion.below && compareVersions(version, c.appVersion.below) >= 0) return false;
      return true;
    },
  ],
  [
    'date',
    (c, x) => {
      if (!c.date) return true;
      if (c.date.from && x.now < Date.parse(c.date.from)) return false;
      if (c.date.until && x.now >= Date.parse(c.date.until)) return false;
      return true;
    },
  ],
  [
    'hostname',
    (c, x) => {
      if (!c.hostname) return true;
      const { startsWith, equals } = c.hostname;
      if (startsWith !== undefined && !x.hostname.startsWith(startsWith)) return false;
      return equals === undefined || x.hostname === equals;
    },
  ],
  [
    'query',
    (c, x) => {
      if (!c.query) return true;
      const value = x.query.get(c.query.name);
      if (c.query.present !== undefined && (value !== null) !== c.query.present) return false;
      return c.query.equals === undefined || value === c.query.equals;
    },
  ],
  ['data', (c, x) => (c.data ? checkData(c.data, resolvePath(x.scope, c.data.path)) : true)],
]);

function checkData(rule: NonNullable<Condition['data']>, value: unknown): boolean {
  const present = value !== undefined && value !== null;
  if (rule.present !== undefined && present !== rule.present) return false;
  if (rule.equals !== undefined && value !== rule.equals) return false;
  if (rule.notEquals !== undefined && value === rule.notEquals) return false;
  if (rule.in !== undefined && !rule.in.some((item) => item === value)) return false;
  const needsNumber =
    rule.gt !== undefined ||
    rule.gte !== undefined ||
    rule.lt !== undefined ||
    rule.lte !== undefined;
  if (!needsNumber) return true;
  const number = typeof value === 'number' ? value : Number(value);
  if (typeof value === 'boolean' || !Number.isFinite(number)) return false;
  if (rule.gt !== undefined && !(number > rule.gt)) return false;
  if (rule.gte !== undefined && !(number >= rule.gte)) return false;
  if (rule.lt !== undefined && !(number < rule.lt)) return false;
  if (rule.lte !== undefined && !(number <= rule.lte)) return false;
  return true;
}

/** True when every key of the condition holds. No code is executed. */
export function evaluateCondition(condition: Condition, context: ConditionContext): boolean {
  for (const key in condition) {
    if (!Object.prototype.hasOwnProperty.call(condition, key)) continue;
    const check = checks.get(key);
    if (check && !check(condition, context)) return false;
  }
  return true;
}
