/**
 * What a native share result means for the user (spec §8). Success is any positive code: the
 * spec lists only the failure codes, so that reading is ours.
 */
import { SHARE_ERROR_CODES } from '../../spec/constants';
import { MESSAGING_APP_NAMES, SHARE_MESSAGES, type MessagingApp } from './share-copy';

export type ShareOutcome = { ok: true } | { ok: false; message: string };

function isMessagingApp(value: string | undefined): value is MessagingApp {
  return value === 'wechat' || value === 'qq' || value === 'weibo';
}

/** The messaging app a code-0 failure names: the requested channel, else the messaging app. */
export function appNameFor(sharer: readonly string[] | undefined): string {
  const first = sharer?.[0]?.toLowerCase();
  return MESSAGING_APP_NAMES[isMessagingApp(first) ? first : 'wechat'];
}

export function interpretShareResult(
  result: { code: number; message?: string },
  sharer?: readonly string[],
): ShareOutcome {
  if (result.code > 0) return { ok: true };
  switch (result.code) {
    case SHARE_ERROR_CODES.parameter:
      return { ok: false, message: SHARE_MESSAGES.parameterError };
    case SHARE_ERROR_CODES.notInClient:
      return { ok: false, message: SHARE_MESSAGES.notInClient };
    case SHARE_ERROR_CODES.appMissing:
      return { ok: false, message: SHARE_MESSAGES.appMissing(appNameFor(sharer)) };
    default:
      return { ok: false, message: SHARE_MESSAGES.failed(result.message ?? '') };
  }
}
