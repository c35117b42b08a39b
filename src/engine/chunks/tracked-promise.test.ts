import { describe, expect, it } from 'vitest';
import { track } from './tracked-promise';

describe('track', () => {
  it('reports pending, then the value in the fields React.use reads', async () => {
    const tracked = track(Promise.resolve(42));
    expect(tracked.status).toBe('pending');
    await tracked;
    expect(tracked).toMatchObject({ status: 'fulfilled', value: 42 });
  });

  it('reports a rejection without leaving it unhandled', async () => {
    const failure = new Error('chunk gone');
    const tracked = track(Promise.reject(failure));
    await expect(tracked).rejects.toBe(failure);
    expect(tracked).toMatchObject({ status: 'rejected', reason: failure });
  });

  it('tracks a promise once: tracking it again keeps what it knows', async () => {
    const tracked = track(Promise.resolve('doc'));
    await tracked;
    expect(track(tracked)).toBe(tracked);
    expect(tracked.status).toBe('fulfilled');
  });
});
