/**
 * Uploading a picture the visitor chose (spec §7 POST /mp/api/file/uploadImage with the image as
 * base64; §5 compression, quality 75; §8 row 10). The picture is compressed on a canvas first
 * (compress-image.ts through canvas-adapter.ts), then sent as a data URL.
 *
 * spec §8 row 10, "image upload conversion returns code 0 → toast 'server error'": the conversion
 * client is not shown and our call succeeds with code 0 (§4), so we read the row as "the
 * conversion answered without an image" (code 0, no address) and show the same message when the
 * call itself fails: the visitor can do nothing different (docs/decisions/0025-spec-conformance.md).
 */
import type { ApiClient, UiService } from '../types';
import { compressImage, type ImageCanvasAdapter } from './compress-image';

export const UPLOAD_IMAGE_CALL = 'file.uploadImage';

/** Longest side of an uploaded picture, CSS pixels: covers and avatars need no more. */
export const UPLOAD_IMAGE_MAX_SIDE = 1_280;

/** User-facing copy (Chinese), English meaning in the comment. */
export const UPLOAD_IMAGE_MESSAGES = {
  serverError: '服务器错误', // "server error" (spec §8 row 10)
} as const;

export interface UploadImageDeps {
  api: ApiClient;
  ui: UiService;
  canvas: ImageCanvasAdapter;
  logger?: { report(error: unknown, context?: Record<string, unknown>): void };
}

/** The stored picture's address from an uploadImage answer, or null when it carries none. */
export function uploadedImageUrl(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return null;
  const url: unknown = Reflect.get(result, 'url');
  return typeof url === 'string' && url !== '' ? url : null;
}

/**
 * Compresses `src` (an address the canvas can load: a blob: or data: URL of the chosen file)
 * and uploads it. Resolves the stored address, or null after the 'server error' toast.
 */
export async function uploadImage(deps: UploadImageDeps, src: string): Promise<string | null> {
  let url: string | null = null;
  try {
    const image = await compressImage(deps.canvas, src, { maxSide: UPLOAD_IMAGE_MAX_SIDE });
    const response = await deps.api.call(UPLOAD_IMAGE_CALL, { image });
    url = uploadedImageUrl(response.result);
  } catch (error) {
    deps.logger?.report(error, { where: 'upload image' });
  }
  if (url === null) deps.ui.toast(UPLOAD_IMAGE_MESSAGES.serverError);
  return url;
}
