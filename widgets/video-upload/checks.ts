/** The on-device checks of a picked video, as plain functions with Chinese messages. */

const BYTES_PER_MB = 1024 * 1024;

export interface VideoRules {
  acceptTypes: readonly string[];
  maxSizeMb: number;
  minDurationSeconds: number;
  maxDurationSeconds: number;
}

/** The type and size check, before anything is read. null when the file passes. */
export function checkFile(file: { type: string; size: number }, rules: VideoRules): string | null {
  if (!rules.acceptTypes.includes(file.type.toLowerCase())) {
    return '不支持该视频格式，请选择 MP4、MOV 或 WebM 视频';
  }
  if (file.size <= 0) return '视频文件是空的，请重新选择';
  if (file.size > rules.maxSizeMb * BYTES_PER_MB) return `视频不能超过${rules.maxSizeMb}MB`;
  return null;
}

export function checkDuration(seconds: number, rules: VideoRules): string | null {
  if (!Number.isFinite(seconds)) return '无法读取视频时长，请换一个视频';
  if (seconds < rules.minDurationSeconds) return `视频不能短于${rules.minDurationSeconds}秒`;
  if (seconds > rules.maxDurationSeconds) {
    const minutes = rules.maxDurationSeconds / 60;
    return Number.isInteger(minutes)
      ? `视频不能超过${minutes}分钟`
      : `视频不能超过${rules.maxDurationSeconds}秒`;
  }
  return null;
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_MAX_MB = 5;

export function checkCover(file: { type: string; size: number }): string | null {
  if (!IMAGE_TYPES.includes(file.type.toLowerCase())) return '封面请选择 JPG、PNG 或 WebP 图片';
  if (file.size > IMAGE_MAX_MB * BYTES_PER_MB) return `封面不能超过${IMAGE_MAX_MB}MB`;
  return null;
}

/**
 * An upload link from the server is used only when it is on this site or on a host the
 * operator listed; it is resolved against our origin and must be https unless same-origin.
 */
export function checkUploadUrl(
  link: unknown,
  ownOrigin: string,
  hosts: readonly string[],
): string | null {
  if (typeof link !== 'string' || link === '') return null;
  let url: URL;
  try {
    url = new URL(link, ownOrigin);
  } catch {
    return null;
  }
  if (url.origin === new URL(ownOrigin).origin) return url.href;
  if (url.protocol === 'https:' && hosts.includes(url.hostname.toLowerCase())) return url.href;
  return null;
}
