/**
 * Saving an image to the photo album (spec §5, §8): only where the client supports photo
 * saving, with the spec's three messages. The client capability sits behind PhotoSaver (the
 * bridge engineer's adapter), since the bridge contract has no photo method of its own.
 */
import type { UiService } from '../types';

export interface PhotoSaver {
  supported(): boolean;
  /** Saves a data URL or address; resolves true when the client reports success. */
  save(image: string): Promise<boolean>;
}

/** User-facing copy (Chinese), English meaning in each comment. */
export const SAVE_IMAGE_MESSAGES = {
  saved: '保存成功', // "saved successfully"
  failed: '保存失败', // "save failed"
  unsupported: '当前客户端或浏览器不支持保存图片', // "client or browser does not support saving images"
} as const;

export type SaveImageResult = 'saved' | 'failed' | 'unsupported';

export async function saveImage(
  deps: { saver: PhotoSaver; ui: UiService },
  image: string,
): Promise<SaveImageResult> {
  if (!deps.saver.supported()) {
    deps.ui.toast(SAVE_IMAGE_MESSAGES.unsupported);
    return 'unsupported';
  }
  let saved: boolean;
  try {
    saved = await deps.saver.save(image);
  } catch {
    saved = false;
  }
  deps.ui.toast(saved ? SAVE_IMAGE_MESSAGES.saved : SAVE_IMAGE_MESSAGES.failed);
  return saved ? 'saved' : 'failed';
}
