import { describe, expect, it } from 'vitest';
import { DEFAULT_REMAINING_CHANCE } from '../../spec/constants';
import { ApiError } from '../http/errors';
import type { ApiClient, ApiEnvelope } from '../types';
import {
  callUserInfoAction,
  fetchActivityInfo,
  fetchGoldRiceSum,
  fetchVisitIndex,
  formatGoldRice,
} from './special-cases';

/** An ApiClient answering every call with `envelope` (rejecting like the real one on failure). */
function apiAnswering(envelope: ApiEnvelope, successCode = 0): ApiClient & { names: string[] } {
  const names: string[] = [];
  return {
    names,
    async call<T>(name: string) {
      names.push(name);
      if (envelope.code !== successCode) {
        throw new ApiError({ message: 'failed', code: envelope.code, status: 200, url: name });
      }
      return envelope as ApiEnvelope<T>;
    },
  };
}

describe('spec §8 special cases', () => {
  it('activity info goes through the code-1 call', async () => {
    const api = apiAnswering({ code: 1, result: {} }, 1);
    await fetchActivityInfo(api, { id: 1 });
    expect(api.names).toEqual(['configActivity.getSingleConfigActivity4c']);
  });

  it('visit index: floors the remaining chance', async () => {
    const api = apiAnswering({ code: 0, result: { remainChance: 2.7, firstInStatus: 1 } });
    await expect(fetchVisitIndex(api, {})).resolves.toMatchObject({
      remainChance: 2,
      firstInStatus: 1,
    });
  });

  it('visit index: remaining chance defaults to 1', async () => {
    const api = apiAnswering({ code: 0, result: {} });
    expect((await fetchVisitIndex(api, {})).remainChance).toBe(DEFAULT_REMAINING_CHANCE);
  });

  it('visit index: a failure throws an error carrying the code', async () => {
    const api = apiAnswering({ code: 5 });
    await expect(fetchVisitIndex(api, {})).rejects.toMatchObject({ code: 5 });
  });

  it('gold rice: divides by 100 to two decimals', async () => {
    const api = apiAnswering({ code: 0, result: 12345 });
    await expect(fetchGoldRiceSum(api, {})).resolves.toBe('123.45');
    expect(formatGoldRice(5)).toBe('0.05');
    expect(formatGoldRice(100)).toBe('1.00');
  });

  it('gold rice: a failure throws an error carrying the code', async () => {
    const api = apiAnswering({ code: 7 });
    await expect(fetchGoldRiceSum(api, {})).rejects.toMatchObject({ code: 7 });
  });

  it('user-info actions fail silently', async () => {
    const api = apiAnswering({ code: 9 });
    await expect(callUserInfoAction(api, 'generalActivity.updateUserInfo', {})).resolves.toBeNull();
    const ok = apiAnswering({ code: 0, result: 1 });
    await expect(callUserInfoAction(ok, 'generalActivity.userInfo', {})).resolves.toEqual({
      code: 0,
      result: 1,
    });
  });
});
