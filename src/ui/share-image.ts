/**
 * Share image (spec §8, §9): draws a DOM element to a PNG data URL with html2canvas at
 * SHARE_IMAGE_SCALE, showing the 'generating image...' toast while it runs. html2canvas is loaded
 * on first use (dynamic import) so it is not part of the first-load bundle.
 */
import type { Options as Html2CanvasOptions } from 'html2canvas';
import type { ToastOptions } from '../services/types';
import { SHARE_IMAGE_SCALE } from '../spec/constants';
import { UI_COPY } from './copy';

/**
 * Cross-origin images are fetched with CORS (useCORS) and never allowed to taint the canvas
 * (allowTaint false): a tainted canvas cannot be exported with toDataURL.
 */
export const SHARE_IMAGE_OPTIONS = {
  scale: SHARE_IMAGE_SCALE,
  useCORS: true,
  allowTaint: false,
} as const satisfies Partial<Html2CanvasOptions>;

export type ShareImageRenderer = (
  element: HTMLElement,
  options: Partial<Html2CanvasOptions>,
) => Promise<HTMLCanvasElement>;

const lazyHtml2canvas: ShareImageRenderer = async (element, options) => {
  const { default: html2canvas } = await import('html2canvas');
  return html2canvas(element, options);
};

export interface ShareImageDeps {
  /** Any UiService; the UI kit's returns a closer, which ends the progress toast when done. */
  ui: { toast(options: ToastOptions): void | (() => void) };
  /** Injected in tests; defaults to html2canvas, loaded on first use. */
  render?: ShareImageRenderer;
}

export async function renderShareImage(
  element: HTMLElement,
  { ui, render = lazyHtml2canvas }: ShareImageDeps,
): Promise<string> {
  const close = ui.toast({ text: UI_COPY.generatingImage, keepAlive: true });
  try {
    const canvas = await render(element, SHARE_IMAGE_OPTIONS);
    return canvas.toDataURL('image/png');
  } finally {
    if (typeof close === 'function') close();
  }
}
