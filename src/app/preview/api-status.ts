/**
 * What `npm run preview` says while its API server is not answering (issue 34): the API calls
 * get a 503 with Retry-After and this message instead of a bare error, and the environment bar
 * shows it (it asks PREVIEW_STATUS_PATH, served by scripts/preview.ts). Shared by both sides.
 */

/** The preview's own address (outside the app's base path), answered by scripts/preview.ts. */
export const PREVIEW_STATUS_PATH = '/__preview/status';

/** For the page's visitor, in the page's language. */
export const PREVIEW_STARTING_MESSAGE = '预览服务正在启动…';

/** The envelope's `error` of the preview's 503. */
export const PREVIEW_STARTING_ERROR = 'PREVIEW_API_STARTING';

export interface PreviewApiStatus {
  ready: boolean;
  /** PREVIEW_STARTING_MESSAGE while not ready. */
  message: string;
  /** For the operator, in English: what the preview waits for, how long, what failed last. */
  detail: string;
  /** When to ask again. */
  retryAfterSeconds: number;
}

/** A status answer as the bar reads it; null when the body is not one (no preview behind). */
export function readPreviewStatus(value: unknown): PreviewApiStatus | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v.ready !== 'boolean' ||
    typeof v.message !== 'string' ||
    typeof v.detail !== 'string' ||
    typeof v.retryAfterSeconds !== 'number'
  ) {
    return null;
  }
  return {
    ready: v.ready,
    message: v.message,
    detail: v.detail,
    retryAfterSeconds: v.retryAfterSeconds,
  };
}
