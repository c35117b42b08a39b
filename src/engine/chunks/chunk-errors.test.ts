import { describe, expect, it } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { createFakeClock } from '../../../tests/support/fake-clock';
import {
  ChunkLoadError,
  classifyChunkError,
  reloadOnceForChunkError,
  withChunkTimeout,
} from './chunk-errors';

describe('chunk loading (spec §4)', () => {
  it('names script failures ChunkLoadError and style failures CSS_CHUNK_LOAD_FAILED', () => {
    const script = classifyChunkError(
      new TypeError('Failed to fetch dynamically imported module: /mp/activity/assets/x.js'),
    );
    expect(script?.name).toBe('ChunkLoadError');
    expect(script?.code).toBe('ChunkLoadError');
    expect(
      classifyChunkError(new Error('Unable to preload CSS for /mp/activity/assets/x.css'))?.code,
    ).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(classifyChunkError(new Error('widget bug'))).toBeNull();
  });

  it('times a chunk out after 120 s', async () => {
    const clock = createFakeClock();
    const pending = withChunkTimeout(() => new Promise<never>(() => undefined), clock);
    const outcome = pending.catch((error: unknown) => error);
    clock.advance(119_999);
    clock.advance(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
  });

  it('reloads once for a stale chunk, never twice in a row', () => {
    const services = createFakeServices();
    expect(reloadOnceForChunkError(services)).toBe('reloading');
    expect(reloadOnceForChunkError(services)).toBe('gave-up');
    expect(services.record.navigations.filter((n) => n.kind === 'reload')).toHaveLength(1);
  });

  it('offline, waits for the network before its one reload (issue 19)', () => {
    const services = createFakeServices();
    services.network.setOnline(false);
    expect(reloadOnceForChunkError(services)).toBe('waiting-for-network');
    expect(reloadOnceForChunkError(services)).toBe('waiting-for-network');
    expect(services.record.navigations).toEqual([]);
    services.network.setOnline(true);
    // Two failures waited; the network coming back reloads once.
    expect(services.record.navigations).toEqual([{ kind: 'reload' }]);
  });
});
