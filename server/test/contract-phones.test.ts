import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitsConfigSchema } from '../../src/contracts/benefits-config';
import { quoteOf } from '../src/domain/contract-phones';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

/**
 * The contract-phone offer (issue 32 item 3; routes/contract-phones.ts): phones, plans and
 * subsidies from the activity (server/activities/contract*.json), one application per user.
 */
const C = '/mp/api/contractPhone';
const A = { activityCode: 'contract' };

interface Offer {
  phones: { phoneId: string; priceCents: number; quotes: Record<string, number | string>[] }[];
  plans: { planId: string }[];
  myApplication: { phoneId: string; planId: string; contractPriceCents: number } | null;
}

describe('contract-phone quote (domain/contract-phones.ts)', () => {
  const plan = {
    planId: 'p',
    name: 'p',
    monthlyFeeCents: 5900,
    months: 24,
    dataGb: 30,
    voiceMinutes: 300,
    phoneSubsidyCents: 50_000,
    billSubsidyCentsPerMonth: 1000,
    desc: '',
  };
  const phone = {
    phoneId: 'x',
    name: 'x',
    spec: '',
    image: '',
    priceCents: 249_900,
    tag: '',
    highlights: [],
    planIds: ['p'],
  };

  it('takes the phone subsidy off the price and pays the bill subsidy each month', () => {
    expect(quoteOf(phone, plan)).toEqual({
      planId: 'p',
      contractPriceCents: 199_900,
      phoneSubsidyCents: 50_000,
      billSubsidyCents: 24_000,
      totalSubsidyCents: 74_000,
    });
  });

  it('never subsidises a phone below zero', () => {
    const cheap = quoteOf({ ...phone, priceCents: 30_000 }, plan);
    expect(cheap).toMatchObject({ contractPriceCents: 0, phoneSubsidyCents: 30_000 });
  });

  it('refuses an offer whose phone names a plan that does not exist', () => {
    const parsed = benefitsConfigSchema.safeParse({
      contractPhone: { phones: [{ ...phone, planIds: ['nope'] }], plans: [plan] },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('unknown plan "nope"');
  });
});

describe('contract-phone routes (routes/contract-phones.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  beforeAll(async () => {
    // Inside the contract activities' window.
    t = await createTestApp({ now: '2026-06-10T10:00:00+08:00' });
    c = caller(t);
    ann = await login(t.app, '13700000081');
  });
  afterAll(() => t.close());

  it('lists the configured phones with a quote per plan, also to a visitor', async () => {
    const offer = body<Offer>(await c.get(`${C}/offers`, A, null)).result;
    expect(offer.phones.map((p) => p.phoneId)).toEqual(['mi-15', 'redmi-k80', 'redmi-note-14']);
    expect(offer.plans.map((p) => p.planId)).toEqual(['plan-59', 'plan-99', 'plan-129']);
    expect(offer.phones[1]?.quotes.map((q) => q.planId)).toEqual(['plan-59', 'plan-99']);
    expect(offer.phones[0]?.quotes[2]).toEqual({
      planId: 'plan-129',
      contractPriceCents: 249_900,
      phoneSubsidyCents: 200_000,
      billSubsidyCents: 72_000,
      totalSubsidyCents: 272_000,
    });
    expect(offer.myApplication).toBeNull();
    expect((await c.get(`${C}/offers`, { activityCode: 'nope' }, null)).statusCode).toBe(400);
  });

  it('takes one application per user: the same again answers it, another is a 409', async () => {
    const apply = (phoneId: string, planId: string, cookie: string | null = ann) =>
      c.post(`${C}/apply`, { ...A, phoneId, planId }, cookie);
    expect((await apply('mi-15', 'plan-99', null)).statusCode).toBe(401);
    expect((await apply('nope', 'plan-99')).statusCode).toBe(400);
    // Redmi Note 14 is sold with the 59 plan only.
    expect((await apply('redmi-note-14', 'plan-99')).statusCode).toBe(400);
    const [first, second] = await Promise.all([
      apply('mi-15', 'plan-99'),
      apply('mi-15', 'plan-99'),
    ]);
    const answers = [first, second].map(
      (r) => body<{ firstTime: boolean; contractPriceCents: number }>(r ?? { body: '{}' }).result,
    );
    expect(answers.map((a) => a.firstTime).sort()).toEqual([false, true]);
    expect(answers[0]?.contractPriceCents).toBe(329_900);
    const other = await apply('redmi-k80', 'plan-59');
    expect(other.statusCode).toBe(409);
    expect(body(other).msg).toContain('小米15');
    const offer = body<Offer>(await c.get(`${C}/offers`, A, ann)).result;
    expect(offer.myApplication).toMatchObject({ phoneId: 'mi-15', planId: 'plan-99' });
    // Applications are per activity: the beta page's offer is a separate one.
    const beta = await c.post(
      `${C}/apply`,
      { activityCode: 'contract-beta', phoneId: 'redmi-k80', planId: 'plan-59' },
      ann,
    );
    expect(beta.statusCode).toBe(200);
  });

  it('takes no application outside the activity window', async () => {
    t.setNow('2025-06-10T10:00:00+08:00');
    const bob = await login(t.app, '13700000082');
    const res = await c.post(`${C}/apply`, { ...A, phoneId: 'mi-15', planId: 'plan-59' }, bob);
    expect(res.statusCode).toBe(403);
  });
});
