/**
 * spec §4, §8: the calls whose failures or values get special handling, as small helpers over
 * the ApiClient so widgets and actions share one reading of them.
 */
import {
  DEFAULT_REMAINING_CHANCE,
  GOLD_RICE_DECIMALS,
  GOLD_RICE_DIVISOR,
} from '../../spec/constants';
import type { ApiClient, ApiEnvelope } from '../types';

type Params = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The envelope's payload: `result`, else `value`. */
export function payloadOf(envelope: ApiEnvelope): unknown {
  return envelope.result !== undefined ? envelope.result : envelope.value;
}

/** spec §8: activity info with a code other than 1 throws an ApiError with error and msg. */
export function fetchActivityInfo(api: ApiClient, params: Params): Promise<ApiEnvelope> {
  return api.call('configActivity.getSingleConfigActivity4c', params);
}

/** spec §3 visit index info, with the spec's defaults. */
export interface VisitIndexInfo {
  dayFirstInStatus: unknown;
  firstInStatus: unknown;
  /** spec §4: the floor of the reported value; default 1 (spec §3, §9). */
  remainChance: number;
  responseDone: unknown;
  formatVideoUserTime: unknown;
}

/** spec §8: a code other than 0 throws an ApiError carrying the code (from the ApiClient). */
export async function fetchVisitIndex(api: ApiClient, params: Params): Promise<VisitIndexInfo> {
  const envelope = await api.call('generalActivity.visitIndex', params);
  const data = payloadOf(envelope);
  const info = isRecord(data) ? data : {};
  const chance = Number(info.remainChance ?? DEFAULT_REMAINING_CHANCE);
  return {
    dayFirstInStatus: info.dayFirstInStatus,
    firstInStatus: info.firstInStatus,
    remainChance: Number.isFinite(chance) ? Math.floor(chance) : DEFAULT_REMAINING_CHANCE,
    responseDone: info.responseDone,
    formatVideoUserTime: info.formatVideoUserTime,
  };
}

/**
 * spec §4: the gold-rice sum arrives in hundredths; shown divided by 100 to two decimals.
 * spec §8: a failed query throws an ApiError carrying the code.
 */
export async function fetchGoldRiceSum(api: ApiClient, params: Params): Promise<string> {
  const envelope = await api.call('generalActivity.queryUserGoldRichSum', params);
  const raw = Number(payloadOf(envelope) ?? 0);
  return formatGoldRice(Number.isFinite(raw) ? raw : 0);
}

export function formatGoldRice(hundredths: number): string {
  return (hundredths / GOLD_RICE_DIVISOR).toFixed(GOLD_RICE_DECIMALS);
}

export type UserInfoAction = 'generalActivity.userInfo' | 'generalActivity.updateUserInfo';

/** spec §8: user-info actions fail silently: null instead of an error. */
export async function callUserInfoAction(
  api: ApiClient,
  name: UserInfoAction,
  params: Params,
): Promise<ApiEnvelope | null> {
  try {
    return await api.call(name, params);
  } catch {
    return null;
  }
}
