import { describe, expect, it, vi } from 'vitest';
import { createPhotoSaver, SAVED_IMAGE_FILE_NAME } from './photo-saver';

const image = 'data:image/png;base64,AA';

function setup(options: {
  bridgeMethod?: boolean;
  code?: number;
  inMessagingApp?: boolean;
  inProviderApp?: boolean;
  canDownload?: boolean;
}) {
  const saveImage = vi.fn(async () => ({ code: options.code ?? 0 }));
  const download = vi.fn();
  const saver = createPhotoSaver({
    bridge: {
      available: options.bridgeMethod ?? false,
      supports: (method) => method === 'saveImage' && (options.bridgeMethod ?? false),
      saveImage,
    },
    env: {
      inMessagingApp: options.inMessagingApp ?? false,
      inProviderApp: options.inProviderApp ?? false,
    },
    download: options.canDownload === false ? null : download,
  });
  return { saver, saveImage, download };
}

describe('createPhotoSaver (spec §5)', () => {
  it("saves through the app's bridge when it has the method", async () => {
    const t = setup({ bridgeMethod: true, inProviderApp: true });
    expect(t.saver.supported()).toBe(true);
    await expect(t.saver.save(image)).resolves.toBe(true);
    expect(t.saveImage).toHaveBeenCalledWith(image);
    expect(t.download).not.toHaveBeenCalled();
    const failing = setup({ bridgeMethod: true, code: -1 });
    await expect(failing.saver.save(image)).resolves.toBe(false);
  });

  it('downloads in an ordinary browser', async () => {
    const t = setup({});
    expect(t.saver.supported()).toBe(true);
    await expect(t.saver.save(image)).resolves.toBe(true);
    expect(t.download).toHaveBeenCalledWith(image, SAVED_IMAGE_FILE_NAME);
  });

  it('is unsupported in the messaging apps, in apps without the method and without downloads', () => {
    expect(setup({ inMessagingApp: true }).saver.supported()).toBe(false);
    expect(setup({ inProviderApp: true }).saver.supported()).toBe(false);
    expect(setup({ canDownload: false }).saver.supported()).toBe(false);
  });
});
