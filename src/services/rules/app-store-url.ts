/**
 * App-store address lookup by package name (spec §7 getAppStoreUrl; response code, value,
 * error). A failure shows the returned error as a toast (spec §8) and resolves null.
 */
import type { ApiClient, UiService } from '../types';

export const APP_STORE_URL_API = 'generalActivity.getAppStoreUrl';

/** Shown when the failure carries no message of its own: "failed to get the download link". */
export const APP_STORE_URL_FALLBACK_ERROR = '获取下载地址失败';

/** The message of a failed lookup: its own error text, else the fallback. */
export function appStoreLookupError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const text: unknown = Reflect.get(error, 'error') ?? Reflect.get(error, 'msg');
    if (typeof text === 'string' && text !== '') return text;
  }
  return APP_STORE_URL_FALLBACK_ERROR;
}

export async function fetchAppStoreUrl(
  deps: { api: ApiClient; ui: UiService },
  targetPackageName: string,
): Promise<string | null> {
  try {
    const response = await deps.api.call<string>(APP_STORE_URL_API, { targetPackageName });
    if (typeof response.value === 'string' && response.value !== '') return response.value;
    deps.ui.toast(response.error || APP_STORE_URL_FALLBACK_ERROR);
    return null;
  } catch (error) {
    deps.ui.toast(appStoreLookupError(error));
    return null;
  }
}
