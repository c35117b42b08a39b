import type { ContractPhone, ContractPlan } from '../../../src/contracts/benefits-config';
import type { ActivityConfig } from '../config/activity-config';
import type { Db, Queryable } from '../db/types';
import { ApiError, badRequest } from '../http/envelope';

/**
 * One phone on one plan (ours, issue 32): the phone subsidy comes off the price (never below
 * zero, and never more than the price), the bill subsidy is paid each month of the term.
 */
export function quoteOf(phone: ContractPhone, plan: ContractPlan) {
  const phoneSubsidyCents = Math.min(plan.phoneSubsidyCents, phone.priceCents);
  const billSubsidyCents = plan.billSubsidyCentsPerMonth * plan.months;
  return {
    planId: plan.planId,
    contractPriceCents: phone.priceCents - phoneSubsidyCents,
    phoneSubsidyCents,
    billSubsidyCents,
    totalSubsidyCents: phoneSubsidyCents + billSubsidyCents,
  };
}

/** The offer as the pages show it: each phone with a quote per plan it is sold with. */
export function offerView(activity: ActivityConfig) {
  const { phones, plans } = activity.benefits.contractPhone;
  const byId = new Map(plans.map((p) => [p.planId, p]));
  return {
    phones: phones.map((phone) => ({
      phoneId: phone.phoneId,
      name: phone.name,
      spec: phone.spec,
      image: phone.image,
      priceCents: phone.priceCents,
      tag: phone.tag,
      highlights: phone.highlights,
      quotes: phone.planIds.flatMap((planId) => {
        const plan = byId.get(planId);
        return plan ? [quoteOf(phone, plan)] : [];
      }),
    })),
    plans: plans.map((p) => ({ ...p })),
  };
}

interface ApplicationRow {
  phone_id: string;
  plan_id: string;
  phone_name: string;
  plan_name: string;
  contract_price_cents: number;
  total_subsidy_cents: number;
  created_at: Date;
}

const applicationView = (r: ApplicationRow) => ({
  phoneId: r.phone_id,
  planId: r.plan_id,
  phoneName: r.phone_name,
  planName: r.plan_name,
  contractPriceCents: r.contract_price_cents,
  totalSubsidyCents: r.total_subsidy_cents,
  status: 'submitted' as const,
  applyTime: new Date(r.created_at).getTime(),
});

const SELECT_APPLICATION = `SELECT phone_id, plan_id, phone_name, plan_name, contract_price_cents,
  total_subsidy_cents, created_at FROM contract_applications WHERE user_id = $1 AND activity_code = $2`;

export async function myApplication(db: Queryable, userId: string, activityCode: string) {
  const res = await db.query<ApplicationRow>(SELECT_APPLICATION, [userId, activityCode]);
  const row = res.rows[0];
  return row ? applicationView(row) : null;
}

/**
 * One application per user and activity (the primary key decides between two taps or two
 * devices): the same phone and plan again answers the first application (firstTime false);
 * another phone or plan is a 409 naming the one applied for.
 */
export async function applyForContract(
  db: Db,
  activity: ActivityConfig,
  userId: string,
  choice: { phoneId: string; planId: string },
  now: Date,
) {
  const { phones, plans } = activity.benefits.contractPhone;
  const phone = phones.find((p) => p.phoneId === choice.phoneId);
  if (!phone) throw badRequest(`unknown phoneId: ${choice.phoneId}`);
  const plan = plans.find((p) => p.planId === choice.planId);
  if (!plan || !phone.planIds.includes(plan.planId)) {
    throw badRequest(`${phone.name} is not offered with plan ${choice.planId}`);
  }
  const quote = quoteOf(phone, plan);
  const inserted = await db.query(
    `INSERT INTO contract_applications (user_id, activity_code, phone_id, plan_id, phone_name,
       plan_name, contract_price_cents, total_subsidy_cents, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING user_id`,
    [
      userId,
      activity.activityCode,
      phone.phoneId,
      plan.planId,
      phone.name,
      plan.name,
      quote.contractPriceCents,
      quote.totalSubsidyCents,
      now,
    ],
  );
  const mine = await myApplication(db, userId, activity.activityCode);
  if (!mine) throw new Error('contract application vanished');
  if (mine.phoneId !== phone.phoneId || mine.planId !== plan.planId) {
    throw new ApiError(
      409,
      `you have already applied for ${mine.phoneName} on ${mine.planName}`,
      'ALREADY_APPLIED',
    );
  }
  return { ...mine, firstTime: inserted.rowCount > 0 };
}
