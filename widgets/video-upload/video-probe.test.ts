import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeDuration } from './video-probe';

/** Stands in for the detached <video>: the test plays the browser's events by hand. */
class FakeVideo {
  preload = '';
  muted = false;
  src = '';
  duration = Number.NaN;
  seekedTo: number | null = null;
  onloadedmetadata: (() => void) | null = null;
  ondurationchange: (() => void) | null = null;
  onseeked: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set currentTime(value: number) {
    this.seekedTo = value;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
}

function setup() {
  const video = new FakeVideo();
  vi.spyOn(document, 'createElement').mockReturnValue(video as unknown as HTMLVideoElement);
  const revoke = vi.fn();
  vi.stubGlobal('URL', { createObjectURL: () => 'blob:video', revokeObjectURL: revoke });
  const probe = probeDuration(new Blob(['x'], { type: 'video/webm' }));
  return { video, revoke, probe };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('probeDuration', () => {
  it('reads the duration from the metadata', async () => {
    const { video, revoke, probe } = setup();
    expect(video.src).toBe('blob:video');
    video.duration = 12.5;
    video.onloadedmetadata?.();
    await expect(probe).resolves.toBe(12.5);
    expect(video.seekedTo).toBeNull();
    expect(revoke).toHaveBeenCalledWith('blob:video');
  });

  it('a recorded WebM without a duration in its header: seeks to the end to learn it', async () => {
    const { video, probe } = setup();
    video.duration = Number.POSITIVE_INFINITY;
    video.onloadedmetadata?.();
    expect(video.seekedTo).toBe(Number.MAX_SAFE_INTEGER);
    video.duration = 3.4;
    video.ondurationchange?.();
    await expect(probe).resolves.toBe(3.4);
  });

  it('still unknown after the seek: resolves what the element says, the check refuses it', async () => {
    const { video, probe } = setup();
    video.duration = Number.POSITIVE_INFINITY;
    video.onloadedmetadata?.();
    video.onseeked?.();
    await expect(probe).resolves.toBe(Number.POSITIVE_INFINITY);
  });

  it('an unreadable file resolves NaN', async () => {
    const { video, probe } = setup();
    video.onerror?.();
    await expect(probe).resolves.toBeNaN();
  });
});
