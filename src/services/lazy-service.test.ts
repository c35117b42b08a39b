import { describe, expect, it, vi } from 'vitest';
import { lazyService, lazyValue } from './lazy-service';

interface Greeter {
  readonly prefix: string;
  greet(name: string): Promise<string>;
  fail(): Promise<never>;
  count(): number;
}

function greeter(): Greeter {
  return {
    prefix: 'hi',
    greet(name) {
      return Promise.resolve(`${this.prefix} ${name}`);
    },
    fail: () => Promise.reject(new Error('nope')),
    count: () => 1,
  };
}

describe('lazyValue', () => {
  it('loads once, however many callers wait at the same time', async () => {
    const load = vi.fn(() => Promise.resolve(42));
    const value = lazyValue(load);
    expect(value.peek()).toBeUndefined();
    await expect(Promise.all([value.get(), value.get()])).resolves.toEqual([42, 42]);
    await value.get();
    expect(load).toHaveBeenCalledTimes(1);
    expect(value.peek()).toBe(42);
  });

  it('tries again after a failed load (a chunk that did not arrive)', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce('ok');
    const value = lazyValue(load);
    await expect(value.get()).rejects.toThrow('chunk failed');
    expect(value.peek()).toBeUndefined();
    await expect(value.get()).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyService', () => {
  it('does not load until a method is called, then delegates with `this` and arguments', async () => {
    const load = vi.fn(() => Promise.resolve(greeter()));
    const service = lazyService(load, ['greet']);
    expect(load).not.toHaveBeenCalled();
    await expect(service.greet('ann')).resolves.toBe('hi ann');
    expect(load).toHaveBeenCalledTimes(1);
    expect(Object.keys(service)).toEqual(['greet']);
  });

  it('passes rejections of the implementation through', async () => {
    const service = lazyService(() => Promise.resolve(greeter()), ['greet', 'fail']);
    await expect(service.fail()).rejects.toThrow('nope');
  });

  it('rejects the call when the load fails, and loads again on the next call', async () => {
    const load = vi
      .fn<() => Promise<Greeter>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce(greeter());
    const service = lazyService(load, ['greet']);
    await expect(service.greet('a')).rejects.toThrow('chunk failed');
    await expect(service.greet('b')).resolves.toBe('hi b');
  });

  it('reaches a loaded implementation synchronously (user activation survives)', async () => {
    const impl = greeter();
    const spy = vi.spyOn(impl, 'greet');
    const value = lazyValue(() => Promise.resolve(impl));
    await value.get();
    const service = lazyService(value, ['greet']);
    void service.greet('now');
    // Called in the same tick, before any await.
    expect(spy).toHaveBeenCalledWith('now');
  });
});
