import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { flashRoundProblems } from '../domain/flash-rounds';
import { SERVER_DIR } from '../paths';
import { activityConfigSchema } from './activity-config';
import type { ActivityConfig } from './activity-config';

export const ACTIVITIES_DIR = path.join(SERVER_DIR, 'activities');

/** Activities by code. A Map, never a plain object (a code named __proto__ must not resolve). */
export type ActivityRegistry = ReadonlyMap<string, ActivityConfig>;

/** Cross-field rules zod cannot see on one field. Returns messages, empty when fine. */
export function checkActivity(a: ActivityConfig): string[] {
  const problems: string[] = [];
  const dup = (label: string, ids: string[]) => {
    const seen = new Set<string>();
    for (const x of ids) {
      if (seen.has(x)) problems.push(`duplicate ${label} ${x}`);
      seen.add(x);
    }
  };
  dup(
    'taskId',
    a.tasks.map((t) => t.taskId),
  );
  dup(
    'prizeId',
    a.prizes.map((p) => p.prizeId),
  );
  dup(
    'couponId',
    a.coupons.map((c) => c.couponId),
  );
  dup(
    'optionId',
    a.vote.options.map((o) => o.optionId),
  );
  if (Date.parse(a.window.start) >= Date.parse(a.window.end)) {
    problems.push('window.start must be before window.end');
  }
  if (a.prizes.length > 0 && !a.prizes.some((p) => p.type === 'thanks' && p.stock === null)) {
    problems.push('prizes need an unlimited (stock null) thanks prize as the fallback');
  }
  for (const p of a.prizes) {
    if (p.couponId && !a.coupons.some((c) => c.couponId === p.couponId)) {
      problems.push(`prize ${p.prizeId} names unknown coupon ${p.couponId}`);
    }
  }
  dup(
    'goodsId',
    a.points.goods.map((g) => g.goodsId),
  );
  for (const g of a.points.goods) {
    if (g.couponId && !a.coupons.some((c) => c.couponId === g.couponId)) {
      problems.push(`points goods ${g.goodsId} names unknown coupon ${g.couponId}`);
    }
  }
  problems.push(...flashRoundProblems(a.flash.rounds));
  return problems;
}

/** Validates one parsed file; throws an error naming the file and each bad path. */
export function parseActivity(raw: unknown, source: string): ActivityConfig {
  const parsed = activityConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`${source}: invalid activity config\n${z.prettifyError(parsed.error)}`);
  }
  const problems = checkActivity(parsed.data);
  if (problems.length > 0) throw new Error(`${source}: ${problems.join('; ')}`);
  return parsed.data;
}

/** Reads every server/activities/*.json; the file name must equal its activityCode. */
export async function loadActivities(dir = ACTIVITIES_DIR): Promise<ActivityRegistry> {
  const registry = new Map<string, ActivityConfig>();
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  for (const file of files) {
    const source = path.join(dir, file);
    const activity = parseActivity(JSON.parse(await readFile(source, 'utf8')), source);
    if (`${activity.activityCode}.json` !== file) {
      throw new Error(`${source}: file name must be ${activity.activityCode}.json`);
    }
    registry.set(activity.activityCode, activity);
  }
  return registry;
}
