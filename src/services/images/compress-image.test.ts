import { describe, expect, it, vi } from 'vitest';
import { IMAGE_COMPRESS_DEFAULT_QUALITY, INVALID_IMAGE_URL_MESSAGE } from '../../spec/constants';
import { compressImage, type ImageCanvasAdapter } from './compress-image';

function fakeCanvas() {
  const encode = vi.fn<ImageCanvasAdapter['encode']>(async () => 'data:image/jpeg;base64,AA');
  return { encode };
}

describe('compressImage (spec §5)', () => {
  it.each([undefined, null, '', 0, {}, ['x']])('rejects %j with the spec message', async (src) => {
    const canvas = fakeCanvas();
    await expect(compressImage(canvas, src)).rejects.toThrow(INVALID_IMAGE_URL_MESSAGE);
    expect(canvas.encode).not.toHaveBeenCalled();
  });

  it(`defaults to quality ${IMAGE_COMPRESS_DEFAULT_QUALITY}`, async () => {
    const canvas = fakeCanvas();
    await expect(compressImage(canvas, 'https://img/x.png')).resolves.toBe(
      'data:image/jpeg;base64,AA',
    );
    expect(canvas.encode).toHaveBeenCalledWith('https://img/x.png', {
      quality: IMAGE_COMPRESS_DEFAULT_QUALITY / 100,
      mimeType: 'image/jpeg',
    });
  });

  it('passes an explicit quality, clamped, and the size limit', async () => {
    const canvas = fakeCanvas();
    await compressImage(canvas, 'a.png', { quality: 50, maxSide: 800, mimeType: 'image/webp' });
    expect(canvas.encode).toHaveBeenLastCalledWith('a.png', {
      quality: 0.5,
      mimeType: 'image/webp',
      maxSide: 800,
    });
    await compressImage(canvas, 'a.png', { quality: 400 });
    expect(canvas.encode.mock.lastCall?.[1].quality).toBe(1);
    await compressImage(canvas, 'a.png', { quality: Number.NaN });
    expect(canvas.encode.mock.lastCall?.[1].quality).toBe(IMAGE_COMPRESS_DEFAULT_QUALITY / 100);
  });
});
