import { describe, expect, it, vi } from 'vitest';
import { detectWebpSupport } from './canvas-adapter';

describe('detectWebpSupport', () => {
  it('is true only when the canvas encodes webp', () => {
    const make = (out: string) =>
      ({
        createElement: () => ({ width: 0, height: 0, toDataURL: vi.fn(() => out) }),
      }) as unknown as Document;
    expect(detectWebpSupport(make('data:image/webp;base64,UklG'))).toBe(true);
    expect(detectWebpSupport(make('data:image/png;base64,iVBO'))).toBe(false);
    const throwing = {
      createElement: () => {
        throw new Error('no canvas');
      },
    } as unknown as Document;
    expect(detectWebpSupport(throwing)).toBe(false);
  });
});
