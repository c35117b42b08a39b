import { describe, expect, it } from 'vitest';
import { DEEP_LINK_POLL_INTERVAL_MS, DLINK_MAX_TIMEOUT_MS } from '../spec/constants';
import {
  DEFAULT_LANDING_TIMEOUT_MS,
  readDlinkMipayParams,
  readDlinkParams,
} from './landing-params';

const q = (s: string) => new URLSearchParams(s);

describe('landing params (spec §2)', () => {
  it('dlink reads schema and uses the spec §4 wait', () => {
    expect(readDlinkParams(q('schema=mipay%3A%2F%2Fhome'))).toEqual({
      schema: 'mipay://home',
      timeoutMs: DEFAULT_LANDING_TIMEOUT_MS,
      limitSchemes: null,
    });
    expect(readDlinkParams(q('')).schema).toBeNull();
  });

  it('dlink-mipay reads timeout, clamped, and limitApp as a scheme list', () => {
    expect(readDlinkMipayParams(q('schema=x&timeout=3000&limitApp=MiPay, miwallet'))).toEqual({
      schema: 'x',
      timeoutMs: 3000,
      limitSchemes: ['mipay', 'miwallet'],
    });
    expect(readDlinkMipayParams(q('timeout=99999999')).timeoutMs).toBe(DLINK_MAX_TIMEOUT_MS);
    expect(readDlinkMipayParams(q('timeout=0')).timeoutMs).toBe(DEEP_LINK_POLL_INTERVAL_MS);
    expect(readDlinkMipayParams(q('timeout=-5')).timeoutMs).toBe(DEFAULT_LANDING_TIMEOUT_MS);
    expect(readDlinkMipayParams(q('timeout=abc')).timeoutMs).toBe(DEFAULT_LANDING_TIMEOUT_MS);
    expect(readDlinkMipayParams(q('limitApp=,')).limitSchemes).toBeNull();
  });
});
