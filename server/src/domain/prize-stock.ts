import type { ActivityConfig, PrizeConfig } from '../config/activity-config';
import type { ActivityRegistry } from '../config/load-activities';
import type { Queryable } from '../db/types';

/**
 * Writes each configured prize's starting stock once, keyed by activity and prize id: a limited
 * prize's stock split over its shards (prize_stock_seed, migration 0081; decision 0027), an
 * unlimited one as one row. The database is the truth from then on, so a restart never refills
 * a sold-out prize, and a stock changed in the config applies only to a prize not yet seeded.
 * Prizes added to a config later are seeded at the next start.
 */
export async function seedPrizeStock(db: Queryable, activities: ActivityRegistry): Promise<void> {
  for (const activity of activities.values()) {
    for (const prize of activity.prizes) {
      await db.query('SELECT prize_stock_seed($1::text, $2::text, $3::integer)', [
        activity.activityCode,
        prize.prizeId,
        prize.stock,
      ]);
    }
  }
}

/**
 * Prize ids of the activity whose stock is 0, summed over its shards (the view prize_stock):
 * sold out only when every shard is. Unknown prizes count as sold out.
 */
export async function soldOutPrizes(db: Queryable, activity: ActivityConfig): Promise<Set<string>> {
  const res = await db.query<{ prize_id: string; stock: number | null }>(
    'SELECT prize_id, stock FROM prize_stock WHERE activity_code = $1',
    [activity.activityCode],
  );
  const stock = new Map(res.rows.map((r) => [r.prize_id, r.stock]));
  return new Set(
    activity.prizes
      .filter((p) => !stock.has(p.prizeId) || stock.get(p.prizeId) === 0)
      .map((p) => p.prizeId),
  );
}

/** A prize as the page may see it: no stock count, no weight, only a sold-out flag. */
export function publicPrize(activity: ActivityConfig, prize: PrizeConfig, soldOut: boolean) {
  return {
    prizeId: prize.prizeId,
    name: prize.name,
    image: prize.image,
    type: prize.type,
    /** Slot on the wheel or nine-square grid: the prize's place in the config list. */
    index: activity.prizes.indexOf(prize),
    soldOut,
  };
}

export async function publicPrizeList(db: Queryable, activity: ActivityConfig) {
  const soldOut = await soldOutPrizes(db, activity);
  return activity.prizes.map((p) => publicPrize(activity, p, soldOut.has(p.prizeId)));
}

export function findPrize(activity: ActivityConfig, prizeId: string): PrizeConfig | undefined {
  return activity.prizes.find((p) => p.prizeId === prizeId);
}
