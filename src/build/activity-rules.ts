import type { ActivityConfig } from '../contracts/activity-schema';
import type { JsonPath } from './diagnostic';

export interface ActivityProblem {
  path: JsonPath;
  message: string;
  code: string;
}

/**
 * The server's cross-field rules of an activity (checkActivity in
 * server/src/config/load-activities.ts, which refuses to start on any of them), each located at
 * the value that breaks it, plus its file-name rule. activity-rules.test.ts keeps the two in
 * step: whatever the server refuses, this reports. (The window's order is the date-range check
 * of semantic-checks.ts.)
 */
export function checkActivityRules(
  config: ActivityConfig,
  relativePath: string,
): ActivityProblem[] {
  const problems: ActivityProblem[] = [];
  const expectedFile = `${config.activityCode}.json`;
  if (relativePath !== expectedFile) {
    problems.push({
      path: ['activityCode'],
      message: `the server finds an activity by its file name: rename the file to ${expectedFile} or make activityCode "${relativePath.replace(/\.json$/, '')}"`,
      code: 'activity-file-name',
    });
  }
  const unique = (label: string, list: string[], path: (index: number) => JsonPath) => {
    const first = new Map<string, number>();
    list.forEach((id, index) => {
      const at = first.get(id);
      if (at === undefined) first.set(id, index);
      else
        problems.push({
          path: path(index),
          message: `duplicate ${label} "${id}" (also at index ${at}): ids must be unique`,
          code: 'duplicate-id',
        });
    });
  };
  unique(
    'taskId',
    config.tasks.map((task) => task.taskId),
    (i) => ['tasks', i, 'taskId'],
  );
  unique(
    'prizeId',
    config.prizes.map((prize) => prize.prizeId),
    (i) => ['prizes', i, 'prizeId'],
  );
  unique(
    'couponId',
    config.coupons.map((coupon) => coupon.couponId),
    (i) => ['coupons', i, 'couponId'],
  );
  unique(
    'optionId',
    config.vote.options.map((option) => option.optionId),
    (i) => ['vote', 'options', i, 'optionId'],
  );
  if (
    config.prizes.length > 0 &&
    !config.prizes.some((prize) => prize.type === 'thanks' && prize.stock === null)
  ) {
    problems.push({
      path: ['prizes'],
      message:
        'a draw needs a fallback: add a prize with "type": "thanks" and "stock": null (unlimited)',
      code: 'activity-rule',
    });
  }
  const coupons = new Set(config.coupons.map((coupon) => coupon.couponId));
  config.prizes.forEach((prize, index) => {
    if (prize.couponId !== undefined && !coupons.has(prize.couponId))
      problems.push({
        path: ['prizes', index, 'couponId'],
        message: `no coupon of this activity has the couponId "${prize.couponId}": add it under "coupons" or correct the id`,
        code: 'unknown-coupon',
      });
  });
  const fallback = config.draw.fallbackPrizeId;
  if (fallback !== undefined && !config.prizes.some((prize) => prize.prizeId === fallback))
    problems.push({
      path: ['draw', 'fallbackPrizeId'],
      message: `no prize of this activity has the prizeId "${fallback}"`,
      code: 'unknown-prize',
    });
  return problems;
}
