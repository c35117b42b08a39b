import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { createFakeServices } from '../../../tests/support/fake-services';
import { IMAGE_COMPRESS_DEFAULT_QUALITY } from '../../spec/constants';
import type { CanvasEncodeOptions, ImageCanvasAdapter } from './compress-image';
import {
  UPLOAD_IMAGE_CALL,
  UPLOAD_IMAGE_MAX_SIDE,
  UPLOAD_IMAGE_MESSAGES,
  uploadImage,
} from './upload-image';

function canvas() {
  const seen: { src: string; options: CanvasEncodeOptions }[] = [];
  const adapter: ImageCanvasAdapter = {
    encode: async (src, options) => {
      seen.push({ src, options });
      return 'data:image/jpeg;base64,AAAA';
    },
  };
  return { adapter, seen };
}

describe('image upload (spec §5 compression, §7 uploadImage, §8 row 10)', () => {
  it('compresses at the §5 default quality, then uploads the data URL', async () => {
    const c = canvas();
    const services = createFakeServices({
      apiHandler: () => ({ code: 0, result: { url: '/mp/api/file/f/a.jpg' } }),
    });
    const url = await uploadImage({ ...services, canvas: c.adapter }, 'blob:http://x/1');
    expect(url).toBe('/mp/api/file/f/a.jpg');
    expect(c.seen).toEqual([
      {
        src: 'blob:http://x/1',
        options: {
          quality: IMAGE_COMPRESS_DEFAULT_QUALITY / 100,
          mimeType: 'image/jpeg',
          maxSide: UPLOAD_IMAGE_MAX_SIDE,
        },
      },
    ]);
    expect(services.record.calls).toEqual([
      { name: UPLOAD_IMAGE_CALL, params: { image: 'data:image/jpeg;base64,AAAA' } },
    ]);
    expect(services.record.toasts).toEqual([]);
  });

  it("§8 row 10: a conversion that returns code 0 without an image shows 'server error'", async () => {
    const services = createFakeServices({ apiHandler: () => ({ code: 0, result: null }) });
    await expect(uploadImage({ ...services, canvas: canvas().adapter }, 'blob:x')).resolves.toBe(
      null,
    );
    expect(services.record.toasts).toEqual([{ text: UPLOAD_IMAGE_MESSAGES.serverError }]);
  });

  it("§8 row 10: a failed call shows the same 'server error' and is reported", async () => {
    const services = createFakeServices({
      apiHandler: () => {
        throw new ApiError({ message: 'boom', code: 500, status: 200, url: '/u' });
      },
    });
    await uploadImage({ ...services, canvas: canvas().adapter }, 'blob:x');
    expect(services.record.toasts).toEqual([{ text: UPLOAD_IMAGE_MESSAGES.serverError }]);
    expect(services.record.reports).toHaveLength(1);
  });

  it("§5: an empty address never reaches the canvas ('Invalid URL provided.')", async () => {
    const c = canvas();
    const services = createFakeServices();
    await uploadImage({ ...services, canvas: c.adapter }, '');
    expect(c.seen).toEqual([]);
    expect(String(services.record.reports[0]?.error)).toContain('Invalid URL provided.');
  });
});
