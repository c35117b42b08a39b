import { describe, expect, it } from 'vitest';
import { deepMerge } from './deep-merge';

describe('extends override rule', () => {
  it('merges objects key by key and deletes keys set to null', () => {
    expect(deepMerge({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 9, d: null }, e: 5 })).toEqual({
      a: 1,
      b: { c: 9 },
      e: 5,
    });
  });

  it('merges lists of nodes by id and appends new ids', () => {
    const base = [
      { id: 'banner', props: { src: 'a' } },
      { id: 'claim', props: { label: '领取', variant: 'primary' } },
    ];
    const override = [
      { id: 'claim', props: { label: '领取二月券' } },
      { id: 'extra', props: {} },
    ];
    expect(deepMerge(base, override)).toEqual([
      { id: 'banner', props: { src: 'a' } },
      { id: 'claim', props: { label: '领取二月券', variant: 'primary' } },
      { id: 'extra', props: {} },
    ]);
  });

  it('replaces lists without ids whole', () => {
    expect(deepMerge({ content: ['a', 'b'] }, { content: ['c'] })).toEqual({ content: ['c'] });
  });

  it('keeps a "__proto__" key as plain data', () => {
    const merged = deepMerge({}, JSON.parse('{"__proto__": {"x": 1}}')) as object;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
