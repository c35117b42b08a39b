/**
 * Reads a picked video's duration on the device: a detached <video> loads only the metadata of
 * an object URL. Resolves NaN when the browser cannot read the file. Tests replace this module.
 *
 * A WebM recorded in a browser (MediaRecorder) carries no duration in its header: the element
 * reports Infinity until it has seen the end. Seeking far past the end makes it read the last
 * cluster and announce the real duration (durationchange); `seeked` settles it either way.
 */
export function probeDuration(file: Blob): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let settled = false;
    const done = (seconds: number) => {
      if (settled) return;
      settled = true;
      video.onloadedmetadata = null;
      video.ondurationchange = null;
      video.onseeked = null;
      video.onerror = null;
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(seconds);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      if (video.duration !== Number.POSITIVE_INFINITY) {
        done(video.duration);
        return;
      }
      video.ondurationchange = () => {
        if (Number.isFinite(video.duration)) done(video.duration);
      };
      video.onseeked = () => done(video.duration);
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.onerror = () => done(Number.NaN);
    video.src = url;
  });
}
