/**
 * Where this client can save an image (spec §5: "saving an image requires client support for
 * photo saving"): the provider app's bridge when it has the method; an ordinary browser that can
 * download a file (the image goes to the downloads); nowhere else (the messaging apps' browsers
 * and provider apps without the method block downloads: the visitor gets the §8 "not supported"
 * message rather than a tap that silently does nothing).
 */
import type { Environment, NativeBridge } from '../types';
import type { PhotoSaver } from './save-image';

export const SAVED_IMAGE_FILE_NAME = 'invitation.png';

export interface PhotoSaverDeps {
  bridge: Pick<NativeBridge, 'available' | 'supports' | 'saveImage'>;
  env: Pick<Environment, 'inMessagingApp' | 'inProviderApp'>;
  /** Starts a download of `href` as `fileName`; null when the browser cannot. */
  download: ((href: string, fileName: string) => void) | null;
}

export function createPhotoSaver(deps: PhotoSaverDeps): PhotoSaver {
  const { bridge, env, download } = deps;
  const native = () => bridge.available && bridge.supports('saveImage');
  const browser = () => !env.inMessagingApp && !env.inProviderApp && download !== null;
  return {
    supported: () => native() || browser(),
    async save(image) {
      if (native()) return (await bridge.saveImage(image)).code === 0;
      if (!browser() || !download) return false;
      download(image, SAVED_IMAGE_FILE_NAME);
      return true;
    },
  };
}

/** The browser's download through a link with `download`, or null where links cannot do it. */
export function browserDownload(doc: Document): PhotoSaverDeps['download'] {
  if (!('download' in doc.createElement('a'))) return null;
  return (href, fileName) => {
    const link = doc.createElement('a');
    link.href = href;
    link.download = fileName;
    link.rel = 'noopener';
    doc.body.append(link);
    link.click();
    link.remove();
  };
}
