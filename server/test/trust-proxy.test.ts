import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { openSignInPage } from './sign-in-steps';

/**
 * Behind a load balancer (deploy/, issue 35) every request comes from the balancer's address:
 * only with TRUST_PROXY naming it does the per-address sign-in limit see each client, through
 * X-Forwarded-For; from any other peer the header is ignored, so a client cannot forge it.
 */
const BALANCER = '10.50.0.2';
const LIMIT = 2;

function signInApp(trustProxy: readonly string[]) {
  return createTestApp({
    config: {
      trustProxy,
      signIn: {
        provider: 'embedded',
        production: false,
        smsWebhookUrl: null,
        smsSendsPerAddressPerHour: LIMIT,
      },
    },
  });
}

/** Sends LIMIT + 1 codes to new phones through the balancer, each client its own address. */
async function sendsFromClients(t: TestApp, prefix: string, peer: string) {
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i++) {
    const flow = await openSignInPage(t, { ip: peer, forwardedFor: `203.0.113.${10 + i}` });
    statuses.push((await flow.sendCode(`${prefix}${String(i).padStart(4, '0')}`)).status);
  }
  return statuses;
}

describe('TRUST_PROXY: the client address behind a load balancer', () => {
  let trusting: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    trusting = await signInApp([`${BALANCER}/32`]);
    plain = await signInApp([]);
  });
  afterAll(async () => {
    await trusting.close();
    await plain.close();
  });

  it('counts each forwarded client apart when the balancer is trusted', async () => {
    expect(await sendsFromClients(trusting, '1365500', BALANCER)).toEqual([200, 200, 200]);
  });

  it('ignores X-Forwarded-For from a peer it does not trust (all share the peer address)', async () => {
    expect(await sendsFromClients(trusting, '1365600', '10.50.0.3')).toEqual([200, 200, 429]);
    expect(await sendsFromClients(plain, '1365700', BALANCER)).toEqual([200, 200, 429]);
  });
});
