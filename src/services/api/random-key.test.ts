import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomKey } from './random-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomKey (idempotency keys)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a v4 UUID where randomUUID exists', () => {
    expect(randomKey()).toMatch(UUID_V4);
  });

  it('regression: a page on plain http (no randomUUID, not a secure context) still gets keys', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const keys = new Set(Array.from({ length: 50 }, () => randomKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
