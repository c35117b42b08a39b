import { describe, expect, it } from 'vitest';
import { browserEnvironment } from '../../../tests/support/fake-services';
import type { Environment } from '../../services/types';
import { conditionSchema } from './condition-schema';
import { evaluateCondition, type ConditionContext } from './evaluate';

function context(
  overrides: Partial<ConditionContext> = {},
  env: Partial<Environment> = {},
): ConditionContext {
  return {
    env: { ...browserEnvironment, ...env },
    loggedIn: false,
    now: Date.parse('2026-02-10T12:00:00+08:00'),
    hostname: 'www.example.com',
    query: new URLSearchParams('from=push&id=7'),
    scope: { user: { signStatus: 1, signCount: 3 }, state: { open: true } },
    ...overrides,
  };
}

describe('when conditions', () => {
  it('checks the environment enumerations of spec §3', () => {
    const finance = {
      host: 'finance',
      appType: 2,
      deviceType: 1,
      platformType: 1,
      appVersion: '8.74.0',
    } as const;
    expect(evaluateCondition({ host: ['finance', 'wallet'] }, context({}, finance))).toBe(true);
    expect(evaluateCondition({ host: ['wallet'] }, context({}, finance))).toBe(false);
    expect(evaluateCondition({ appType: [2] }, context({}, finance))).toBe(true);
    expect(evaluateCondition({ deviceType: [0] }, context({}, finance))).toBe(false);
    expect(evaluateCondition({ platformType: [1, 3] }, context({}, finance))).toBe(true);
    expect(evaluateCondition({ system: [2] }, context())).toBe(false);
  });

  it('compares app versions numerically: min inclusive, below exclusive (spec §5 gates)', () => {
    const env = { appVersion: '8.73.0' };
    expect(evaluateCondition({ appVersion: { min: '8.73.0' } }, context({}, env))).toBe(true);
    expect(evaluateCondition({ appVersion: { min: '8.100.0' } }, context({}, env))).toBe(false);
    expect(evaluateCondition({ appVersion: { below: '8.73.0' } }, context({}, env))).toBe(false);
    expect(
      evaluateCondition({ appVersion: { min: '1.0' } }, context({}, { appVersion: null })),
    ).toBe(false);
  });

  it('spec §5 version gates: new domain (payments 6.73.0, finance 8.73.0), other apps (finance 8.49.0, wallet 6.49.0)', () => {
    const at = (host: Environment['host'], appVersion: string | null) =>
      context({}, { host, appVersion });
    const newDomain = { versionGate: 'newDomain' } as const;
    expect(evaluateCondition(newDomain, at('payments', '6.73.0'))).toBe(true);
    expect(evaluateCondition(newDomain, at('payments', '6.72.9'))).toBe(false);
    expect(evaluateCondition(newDomain, at('finance', '8.73.0'))).toBe(true);
    expect(evaluateCondition(newDomain, at('finance', '8.72.10'))).toBe(false);
    expect(evaluateCondition(newDomain, at('wallet', '9.0.0'))).toBe(false);
    expect(evaluateCondition(newDomain, at('browser', null))).toBe(false);
    const otherApps = { versionGate: 'queryOtherApps' } as const;
    expect(evaluateCondition(otherApps, at('finance', '8.49.0'))).toBe(true);
    expect(evaluateCondition(otherApps, at('finance', '8.48.99'))).toBe(false);
    expect(evaluateCondition(otherApps, at('wallet', '6.49.0'))).toBe(true);
    expect(evaluateCondition(otherApps, at('wallet', '6.48.0'))).toBe(false);
    expect(evaluateCondition(otherApps, at('payments', '6.80.0'))).toBe(false);
    expect(conditionSchema.safeParse({ versionGate: 'newdomain' }).success).toBe(false);
  });

  it('checks login, NFC, brand and the host name', () => {
    expect(evaluateCondition({ loggedIn: true }, context({ loggedIn: true }))).toBe(true);
    expect(evaluateCondition({ loggedIn: true }, context())).toBe(false);
    expect(evaluateCondition({ nfc: true }, context({}, { nfc: true }))).toBe(true);
    expect(evaluateCondition({ brand: ['xiaomi'] }, context({}, { brand: null }))).toBe(false);
    expect(
      evaluateCondition({ hostname: { startsWith: 'm.' } }, context({ hostname: 'm.example.com' })),
    ).toBe(true);
    expect(evaluateCondition({ hostname: { startsWith: 'm.' } }, context())).toBe(false);
  });

  it('checks a date window [from, until)', () => {
    const window = {
      date: { from: '2026-02-01T00:00:00+08:00', until: '2026-02-10T12:00:00+08:00' },
    };
    expect(
      evaluateCondition(window, context({ now: Date.parse('2026-02-05T00:00:00+08:00') })),
    ).toBe(true);
    expect(evaluateCondition(window, context())).toBe(false);
  });

  it('reads data and query values without executing anything', () => {
    expect(evaluateCondition({ data: { path: 'user.signStatus', equals: 1 } }, context())).toBe(
      true,
    );
    expect(evaluateCondition({ data: { path: 'user.signCount', gte: 3, lt: 7 } }, context())).toBe(
      true,
    );
    expect(evaluateCondition({ data: { path: 'user.nickName', present: true } }, context())).toBe(
      false,
    );
    expect(
      evaluateCondition({ data: { path: '__proto__.polluted', present: true } }, context()),
    ).toBe(false);
    expect(
      evaluateCondition(
        { data: { path: 'user.signStatus', gt: 0 } },
        context({ scope: { user: { signStatus: true } } }),
      ),
    ).toBe(false);
    expect(evaluateCondition({ query: { name: 'from', equals: 'push' } }, context())).toBe(true);
    expect(evaluateCondition({ query: { name: 'x', present: false } }, context())).toBe(true);
  });

  it('combines with all / any / not, and ANDs keys', () => {
    const c = context({ loggedIn: true });
    expect(evaluateCondition({ any: [{ loggedIn: false }, { host: ['browser'] }] }, c)).toBe(true);
    expect(evaluateCondition({ all: [{ loggedIn: true }, { host: ['finance'] }] }, c)).toBe(false);
    expect(evaluateCondition({ not: { loggedIn: true } }, c)).toBe(false);
    expect(evaluateCondition({ loggedIn: true, host: ['finance'] }, c)).toBe(false);
  });

  it('rejects an empty or misspelled condition at validation time', () => {
    expect(conditionSchema.safeParse({}).success).toBe(false);
    expect(conditionSchema.safeParse({ loggedin: true }).success).toBe(false);
    expect(conditionSchema.safeParse({ appVersion: { min: '8.x' } }).success).toBe(false);
  });

  it('checks only the keys a condition has; unknown and "__proto__" keys are ignored', () => {
    const hostile = JSON.parse('{"__proto__": {"loggedIn": true}, "loggedIn": false}') as never;
    expect(evaluateCondition(hostile, context())).toBe(true);
    expect(evaluateCondition({ futureKey: 1 } as never, context())).toBe(true);
    expect(evaluateCondition({ loggedIn: false, system: [2] }, context())).toBe(false);
    expect(evaluateCondition({ loggedIn: undefined } as never, context())).toBe(true);
  });
});
