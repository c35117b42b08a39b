/**
 * Share-image rendering settings for the UI kit (spec §9: scale factor 2). The UI kit draws the
 * share card (html2canvas) with these options, then hands the data URL to the share service.
 */
import { SHARE_IMAGE_SCALE } from '../../spec/constants';

export { SHARE_IMAGE_SCALE };

export interface ShareImageRenderOptions {
  scale: number;
  useCORS: boolean;
  backgroundColor: string | null;
}

export function shareImageRenderOptions(
  backgroundColor: string | null = null,
): ShareImageRenderOptions {
  return { scale: SHARE_IMAGE_SCALE, useCORS: true, backgroundColor };
}
