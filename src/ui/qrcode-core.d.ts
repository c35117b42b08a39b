/**
 * The qrcode package's encoder alone (its `create`, what every renderer of the package calls):
 * src/ui/qr-code.tsx draws the modules itself, so the page does not ship the package's
 * renderers (canvas, SVG, argument juggling) it never used.
 */
declare module 'qrcode/lib/core/qrcode.js' {
  import type { QRCode, QRCodeOptions } from 'qrcode';

  export function create(text: string, options?: QRCodeOptions): QRCode;
}

/** The package's canvas renderer's pixel code: the reference the tests compare our drawing with. */
declare module 'qrcode/lib/renderer/utils.js' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';

  export interface RendererOptions {
    readonly brand: unique symbol;
  }
  export function getOptions(options: QRCodeRenderersOptions): RendererOptions;
  export function getImageWidth(size: number, options: RendererOptions): number;
  export function qrToImageData(
    image: Uint8ClampedArray,
    qr: QRCode,
    options: RendererOptions,
  ): void;
}
