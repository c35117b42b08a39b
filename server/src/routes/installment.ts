import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import type { ActivityConfig } from '../config/activity-config';
import type { InstallmentProduct } from '../config/benefits-config';
import type { Db, Queryable } from '../db/types';
import { findActivity } from '../domain/activity-guard';
import { requireOngoing } from '../domain/benefit-guard';
import { claimOf, idempotent } from '../domain/idempotency';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, ok } from '../http/envelope';

type Num = string | number;

function productOf(activity: ActivityConfig, productId: string): InstallmentProduct {
  const product = activity.benefits.installment.products.find((p) => p.productId === productId);
  if (!product) throw badRequest(`unknown productId: ${productId}`);
  return product;
}

async function totals(db: Queryable, userId: string, code: string) {
  const res = await db.query<{ credit_cents: Num; subsidy_cents: Num; records: number }>(
    `SELECT COALESCE(t.credit_cents, 0) AS credit_cents, COALESCE(t.subsidy_cents, 0) AS subsidy_cents,
            (SELECT count(*)::int FROM installment_credit_records
              WHERE user_id = $1 AND activity_code = $2) AS records
     FROM (SELECT 1) one
     LEFT JOIN installment_totals t ON t.user_id = $1 AND t.activity_code = $2`,
    [userId, code],
  );
  const r = res.rows[0];
  return {
    creditCents: Number(r?.credit_cents ?? 0),
    subsidyCents: Number(r?.subsidy_cents ?? 0),
    records: r?.records ?? 0,
  };
}

/** The subsidy cap is reached (0 = the activity pays no subsidy, so it is reached at once). */
function reachedCap(activity: ActivityConfig, subsidyCents: number): boolean {
  return subsidyCents >= activity.benefits.installment.subsidyCapCents;
}

/**
 * Records a credit: the credit limit is kept by a conditional UPDATE of the running totals
 * (which also locks them for the subsidy step), and the subsidy is capped per user.
 */
async function addCredit(
  tx: Db,
  userId: string,
  activity: ActivityConfig,
  product: InstallmentProduct,
  amountCents: number,
  term: number,
) {
  const cfg = activity.benefits.installment;
  const code = activity.activityCode;
  await tx.query(
    `INSERT INTO installment_totals (user_id, activity_code) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [userId, code],
  );
  const moved = await tx.query<{ subsidy_cents: Num }>(
    `UPDATE installment_totals SET credit_cents = credit_cents + $3
     WHERE user_id = $1 AND activity_code = $2 AND credit_cents + $3 <= $4
     RETURNING subsidy_cents`,
    [userId, code, amountCents, cfg.creditLimitCents],
  );
  const before = moved.rows[0];
  if (!before) throw new ApiError(409, 'this credit would exceed your limit in this activity');
  const nominal = Math.floor((amountCents * product.subsidyBps) / 10_000);
  const subsidy = Math.max(
    0,
    Math.min(nominal, cfg.subsidyCapCents - Number(before.subsidy_cents)),
  );
  await tx.query(
    `UPDATE installment_totals SET subsidy_cents = subsidy_cents + $3
     WHERE user_id = $1 AND activity_code = $2`,
    [userId, code, subsidy],
  );
  const rec = await tx.query<{ id: Num; created_at: Date }>(
    `INSERT INTO installment_credit_records
       (user_id, activity_code, product_id, amount_cents, term_months, subsidy_cents)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
    [userId, code, product.productId, amountCents, term, subsidy],
  );
  return {
    recordId: Number(rec.rows[0]?.id),
    productId: product.productId,
    amount: amountCents,
    term,
    subsidy,
  };
}

/** Installment offers and the user's credit and subsidy (spec §7 Installment). */
export function registerInstallmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'installment.getProductInfos',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const reminded = new Set<string>();
      if (userId !== null) {
        const res = await ctx.db.query<{ product_id: string }>(
          'SELECT product_id FROM installment_reminders WHERE user_id = $1 AND activity_code = $2',
          [userId, activity.activityCode],
        );
        for (const r of res.rows) reminded.add(r.product_id);
      }
      return ok({
        list: activity.benefits.installment.products.map((p) => ({
          ...p,
          reminded: reminded.has(p.productId),
        })),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'installment.getUserInfo',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const cfg = activity.benefits.installment;
      const t = await totals(ctx.db, userId, activity.activityCode);
      return ok({
        creditLimit: cfg.creditLimitCents,
        creditUsed: t.creditCents,
        creditAvailable: Math.max(0, cfg.creditLimitCents - t.creditCents),
        subsidyCap: cfg.subsidyCapCents,
        subsidyEarned: t.subsidyCents,
        recordCount: t.records,
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'installment.getSavedHistory',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{
        id: Num;
        product_id: string;
        amount_cents: Num;
        term_months: number;
        subsidy_cents: Num;
        created_at: Date;
        total: number;
      }>(
        `SELECT id, product_id, amount_cents, term_months, subsidy_cents, created_at,
                count(*) OVER ()::int AS total
         FROM installment_credit_records WHERE user_id = $1 AND activity_code = $2
         ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [userId, activity.activityCode, input.pageSize, (input.page - 1) * input.pageSize],
      );
      return ok({
        total: res.rows[0]?.total ?? 0,
        list: res.rows.map((r) => ({
          recordId: Number(r.id),
          productId: r.product_id,
          amount: Number(r.amount_cents),
          term: r.term_months,
          saved: Number(r.subsidy_cents),
          createTime: new Date(r.created_at).getTime(),
        })),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'installment.addRemind',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const product = productOf(activity, input.productId);
      const won = await ctx.db.query(
        `INSERT INTO installment_reminders (user_id, activity_code, product_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING product_id`,
        [userId, activity.activityCode, product.productId],
      );
      return ok({ reminded: true, firstTime: won.rowCount > 0 });
    },
  });

  defineRoute(app, ctx, {
    call: 'installment.addCreditRecord',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const product = productOf(activity, input.productId);
      if (input.amount < product.minCents || input.amount > product.maxCents) {
        throw badRequest(`amount must be between ${product.minCents} and ${product.maxCents}`);
      }
      if (!product.terms.includes(input.term)) {
        throw badRequest(`term must be one of ${product.terms.join(', ')}`);
      }
      const record = await idempotent(ctx.db, userId, claimOf(request), (tx) =>
        addCredit(tx, userId, activity, product, input.amount, input.term),
      );
      return ok(record);
    },
  });

  // The page's countdowns run on the server's clock (the phone's may be wrong).
  defineRoute(app, ctx, {
    call: 'installment.getCurrentTime',
    auth: 'none',
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      const now = ctx.now();
      // serverTime too: the countdown widget's serverTimeCall reads that name.
      return ok({ currentTime: now.getTime(), serverTime: now.getTime(), iso: now.toISOString() });
    },
  });

  defineRoute(app, ctx, {
    call: 'installment.reachLimit',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const t = await totals(ctx.db, userId, activity.activityCode);
      const cfg = activity.benefits.installment;
      return ok({
        reachLimit: reachedCap(activity, t.subsidyCents),
        creditFull: t.creditCents >= cfg.creditLimitCents,
        subsidyEarned: t.subsidyCents,
        subsidyCap: cfg.subsidyCapCents,
      });
    },
  });
}
