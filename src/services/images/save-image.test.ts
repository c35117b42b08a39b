import { describe, expect, it, vi } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { SAVE_IMAGE_MESSAGES, saveImage, type PhotoSaver } from './save-image';

function setup(saver: PhotoSaver) {
  const services = createFakeServices();
  return { services, run: () => saveImage({ saver, ui: services.ui }, 'data:image/png;base64,AA') };
}

describe('saveImage (spec §5, §8)', () => {
  it('not supported: says so and never calls save', async () => {
    const save = vi.fn(async () => true);
    const t = setup({ supported: () => false, save });
    await expect(t.run()).resolves.toBe('unsupported');
    expect(save).not.toHaveBeenCalled();
    expect(t.services.record.toasts).toEqual([{ text: SAVE_IMAGE_MESSAGES.unsupported }]);
  });

  it('saved successfully', async () => {
    const t = setup({ supported: () => true, save: async () => true });
    await expect(t.run()).resolves.toBe('saved');
    expect(t.services.record.toasts).toEqual([{ text: SAVE_IMAGE_MESSAGES.saved }]);
  });

  it('save failed, also when the client throws', async () => {
    const refused = setup({ supported: () => true, save: async () => false });
    await expect(refused.run()).resolves.toBe('failed');
    const throwing = setup({ supported: () => true, save: () => Promise.reject(new Error('x')) });
    await expect(throwing.run()).resolves.toBe('failed');
    expect(throwing.services.record.toasts).toEqual([{ text: SAVE_IMAGE_MESSAGES.failed }]);
  });
});
