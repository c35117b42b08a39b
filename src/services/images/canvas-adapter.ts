/**
 * The DOM side of image work: an <img> drawn onto a <canvas>, and webp feature detection.
 * Only this file touches the document; everything else takes these through parameters.
 */
import type { CanvasEncodeOptions, ImageCanvasAdapter } from './compress-image';

function loadImage(doc: Document, src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = doc.createElement('img');
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`image failed to load: ${src}`));
    img.src = src;
  });
}

export function createDomCanvasAdapter(doc: Document): ImageCanvasAdapter {
  return {
    async encode(src: string, options: CanvasEncodeOptions) {
      const img = await loadImage(doc, src);
      const longest = Math.max(img.naturalWidth, img.naturalHeight);
      const ratio = options.maxSide && longest > options.maxSide ? options.maxSide / longest : 1;
      const canvas = doc.createElement('canvas');
      canvas.width = Math.round(img.naturalWidth * ratio);
      canvas.height = Math.round(img.naturalHeight * ratio);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('canvas 2d context unavailable');
      context.drawImage(img, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL(options.mimeType, options.quality);
    },
  };
}

/** True when the browser can encode (and so decode) webp: the usual canvas probe. */
export function detectWebpSupport(doc: Document): boolean {
  try {
    const canvas = doc.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    return canvas.toDataURL('image/webp').startsWith('data:image/webp');
  } catch {
    return false;
  }
}
