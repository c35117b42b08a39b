import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServices } from '../../tests/support/fake-services';
import { SHARE_IMAGE_SCALE } from '../spec/constants';
import { createFakeClock } from '../../tests/support/fake-clock';
import { renderShareImage, type ShareImageRenderer } from './share-image';
import { createUiController } from './ui-controller';

const DATA_URL = 'data:image/png;base64,AAAA';

function fakeRenderer() {
  const canvas = { toDataURL: vi.fn(() => DATA_URL) } as unknown as HTMLCanvasElement;
  return vi.fn<ShareImageRenderer>(async () => canvas);
}

describe('renderShareImage', () => {
  it('renders at the share scale with CORS images and no tainting', async () => {
    const render = fakeRenderer();
    const element = document.createElement('div');
    const { ui } = createFakeServices();
    await expect(renderShareImage(element, { ui, render })).resolves.toBe(DATA_URL);
    expect(render).toHaveBeenCalledWith(element, {
      scale: SHARE_IMAGE_SCALE,
      useCORS: true,
      allowTaint: false,
    });
  });

  it('shows the 图片生成中... toast while it runs and closes it after', async () => {
    const controller = createUiController(createFakeClock());
    let release!: () => void;
    const canvas = { toDataURL: () => DATA_URL } as unknown as HTMLCanvasElement;
    const render = vi.fn<ShareImageRenderer>(
      () => new Promise((resolve) => (release = () => resolve(canvas))),
    );
    const pending = renderShareImage(document.createElement('div'), {
      ui: controller.service,
      render,
    });
    expect(controller.getSnapshot().toasts.map((t) => t.options.text)).toEqual(['图片生成中...']);
    release();
    await pending;
    expect(controller.getSnapshot().toasts).toEqual([]);
  });

  it('closes the toast and rethrows when rendering fails', async () => {
    const controller = createUiController(createFakeClock());
    const render = vi.fn<ShareImageRenderer>(async () => {
      throw new Error('tainted');
    });
    await expect(
      renderShareImage(document.createElement('div'), { ui: controller.service, render }),
    ).rejects.toThrow('tainted');
    expect(controller.getSnapshot().toasts).toEqual([]);
  });

  it('works with any UiService (recorded by the fakes)', async () => {
    const services = createFakeServices();
    await renderShareImage(document.createElement('div'), {
      ui: services.ui,
      render: fakeRenderer(),
    });
    expect(services.record.toasts.map((t) => t.text)).toEqual(['图片生成中...']);
  });
});

describe('share image bundling', () => {
  // A static import would put html2canvas (about 200 kB) into the first-load bundle.
  it('imports html2canvas only dynamically', () => {
    const source = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), 'share-image.ts'),
      'utf8',
    );
    expect(source).not.toMatch(/^import (?!type )[^;]*from 'html2canvas'/m);
    expect(source).toContain("import('html2canvas')");
  });
});
