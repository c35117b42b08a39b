import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import type { ActivityConfig } from '../config/activity-config';
import type { PartnerGoods } from '../config/benefits-config';
import type { Queryable } from '../db/types';
import { findActivity } from '../domain/activity-guard';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

type ListName = 'goods' | 'member';

interface GoodsRow {
  goods_id: string;
  name: string;
  image: string;
  price_cents: string | number;
  original_price_cents: string | number;
  member_price_cents: string | number;
  stock: number;
  sold: number;
  jump_url: string;
  tag: string;
}

/** 5990 → "¥59.9", 5900 → "¥59". */
const price = (cents: number) => `¥${String(Math.round(cents) / 100)}`;

/**
 * Writes the activity's items into partner_goods: config fields follow the file, `sold` stays.
 * Idempotent (an upsert per item), so every node may run it; items dropped from the config are
 * simply not read any more.
 */
async function seed(
  db: Queryable,
  activity: ActivityConfig,
  list: ListName,
  items: PartnerGoods[],
) {
  for (const [sort, g] of items.entries()) {
    await db.query(
      `INSERT INTO partner_goods (activity_code, list, goods_id, name, image, price_cents,
         original_price_cents, member_price_cents, stock, jump_url, tag, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (activity_code, list, goods_id) DO UPDATE SET name = EXCLUDED.name,
         image = EXCLUDED.image, price_cents = EXCLUDED.price_cents,
         original_price_cents = EXCLUDED.original_price_cents,
         member_price_cents = EXCLUDED.member_price_cents, stock = EXCLUDED.stock,
         jump_url = EXCLUDED.jump_url, tag = EXCLUDED.tag, sort = EXCLUDED.sort`,
      [
        activity.activityCode,
        list,
        g.goodsId,
        g.name,
        g.image,
        g.priceCents,
        g.originalPriceCents,
        g.memberPriceCents,
        g.stock,
        g.jumpUrl,
        g.tag,
        sort,
      ],
    );
  }
}

/**
 * The partner shop's campaign items (spec §7 configActivity youpinGoods, memberSpecial), from
 * partner_goods, which the activity's benefits.youpin section seeds. memberSpecial shows the
 * member price to members: users registered in the activity (configActivity/register).
 */
export function registerYoupinRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Seeded once per activity version and process; the config object changes on a reload.
  const seeded = new WeakMap<ActivityConfig, Set<ListName>>();
  const rows = async (activity: ActivityConfig, list: ListName) => {
    const done = seeded.get(activity) ?? new Set<ListName>();
    if (!done.has(list)) {
      const cfg = activity.benefits.youpin;
      await seed(ctx.db, activity, list, list === 'goods' ? cfg.goods : cfg.memberSpecials);
      done.add(list);
      seeded.set(activity, done);
    }
    const ids = (
      list === 'goods' ? activity.benefits.youpin.goods : activity.benefits.youpin.memberSpecials
    ).map((g) => g.goodsId);
    const res = await ctx.db.query<GoodsRow>(
      `SELECT goods_id, name, image, price_cents, original_price_cents, member_price_cents,
              stock, sold, jump_url, tag
       FROM partner_goods WHERE activity_code = $1 AND list = $2 AND goods_id = ANY($3::text[])
       ORDER BY sort, goods_id`,
      [activity.activityCode, list, ids],
    );
    return res.rows.map((r) => {
      const remaining = Math.max(0, r.stock - r.sold);
      return {
        goodsId: r.goods_id,
        name: r.name,
        image: r.image,
        price: Number(r.price_cents),
        originalPrice: Number(r.original_price_cents),
        memberPrice: Number(r.member_price_cents),
        remaining,
        soldOut: remaining === 0,
        tag: r.tag,
        // Nothing left to buy: no link, so the page shows no buy button for it.
        jumpUrl: remaining === 0 ? '' : r.jump_url,
      };
    });
  };

  defineRoute(app, ctx, {
    call: 'configActivity.youpinGoods',
    auth: 'none',
    handler: async ({ input: { activityCode } }) => {
      if (activityCode === undefined) return ok({ list: [] });
      const list = await rows(findActivity(ctx, activityCode), 'goods');
      return ok({
        list: list.map((g) => ({
          ...g,
          priceText:
            g.originalPrice > g.price
              ? `${price(g.price)} · 原价${price(g.originalPrice)}`
              : price(g.price),
          badge: g.soldOut ? '已售罄' : g.tag,
        })),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'configActivity.memberSpecial',
    auth: 'optional',
    handler: async ({ input: { activityCode }, userId }) => {
      if (activityCode === undefined) return ok({ member: false, list: [] });
      const activity = findActivity(ctx, activityCode);
      const member =
        userId !== null &&
        ((
          await ctx.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM activity_registrations
             WHERE user_id = $1 AND activity_code = $2`,
            [userId, activity.activityCode],
          )
        ).rows[0]?.n ?? 0) > 0;
      const list = await rows(activity, 'member');
      return ok({
        member,
        list: list.map((g) => {
          const special = g.memberPrice > 0 ? g.memberPrice : g.price;
          return {
            ...g,
            priceText: member
              ? `会员价${price(special)} · 原价${price(g.price)}`
              : `入会可享${price(special)} · 现价${price(g.price)}`,
            badge: g.soldOut ? '已售罄' : member ? '会员价' : '会员专享',
          };
        }),
      });
    },
  });
}
