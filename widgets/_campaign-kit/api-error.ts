import { faultKind } from '../../src/engine/data/fault';
import { UI_COPY } from '../../src/ui/copy';

/**
 * Chinese messages for the failures the reference server names in `error` (server/src/routes,
 * server/src/domain); its `msg` texts are English, so they are shown only when they are Chinese.
 */
const ERROR_MESSAGES: ReadonlyMap<string, string> = new Map([
  ['SOLD_OUT', '已经被抢光了'],
  ['LIMIT_REACHED', '已达领取上限'],
  ['INSUFFICIENT_GOLD_RICE', '金米不足'],
  ['INSUFFICIENT_POINTS', '积分不足'],
  ['ALREADY_SUBMITTED', '该笔交易已提交过，请勿重复提交'],
  ['BAD_TRADE_DATE', '交易日期需在活动期间内且不晚于今天'],
  ['CHANCES_FULL', '抽奖机会已达上限'],
  ['NO_CHANCE', '抽奖机会已用完'],
  ['ALREADY_VOTED', '今天已经投过这款了'],
  ['VOTE_LIMIT', '今日票数已用完'],
  ['SUBMIT_LIMIT', '今日提交次数已用完'],
  ['ALREADY_APPLIED', '每人限申请一台合约机，您已申请过'],
  ['ACTIVITY_UNAVAILABLE', '活动暂未开放'],
  ['ACTION_UNAVAILABLE', '该功能暂未开放'],
  // An operator paused it on the live site (server/src/domain/activity-guard.ts, issue 34).
  ['PAUSED', UI_COPY.paused],
  ['TOO_MANY_REQUESTS', '操作太频繁，请稍后再试'],
  ['UNAUTHORIZED', '请先登录'],
  ['PHONE_REQUIRED', '请先绑定手机号'],
]);

const HAS_CHINESE = /[\u4e00-\u9fa5]/;

/**
 * A person-readable message for a failed call, in Chinese; `fallback` when nothing fits. A fault
 * of the network or the server (offline, timeout, reset, 5xx) has the UI kit's message of its kind
 * (issue 19), so a fault never reads like a refusal ("sold out") or like "no data".
 */
export function errorText(error: unknown, fallback: string): string {
  const fault = faultKind(error);
  if (error && typeof error === 'object') {
    const {
      msg,
      message,
      error: name,
    } = error as { msg?: unknown; message?: unknown; error?: unknown };
    if (typeof name === 'string' && ERROR_MESSAGES.has(name))
      return ERROR_MESSAGES.get(name) ?? fallback;
    if (fault) return UI_COPY.fault[fault];
    if (typeof msg === 'string' && HAS_CHINESE.test(msg)) return msg;
    if (typeof message === 'string' && HAS_CHINESE.test(message)) return message;
  }
  return fallback;
}

/** The envelope code of an ApiError (or an HTTP status), when it has one. */
export function errorCode(error: unknown): number | null {
  if (error && typeof error === 'object') {
    const { code, status } = error as { code?: unknown; status?: unknown };
    if (typeof code === 'number') return code;
    if (typeof status === 'number') return status;
  }
  return null;
}
