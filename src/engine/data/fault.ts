/**
 * Which failures of a call are faults of the network or the server (issue 19), as opposed to
 * answers: a refused business rule (an envelope code), a 401 (spec §8: the login flow) or a bad
 * request. Content that failed with a fault shows the UI kit's load error with a retry
 * (src/ui/load-error.tsx); an answer is the widget's own to explain.
 */
import { NO_SERVICE_BODY_MESSAGES } from '../../spec/constants';
import { ApiError, TimeoutError } from '../../services/http/errors';

/** The kinds of fault, each with its own message (src/ui/copy.ts `fault`). */
export type FaultKind = 'offline' | 'timeout' | 'network' | 'server';

/** The first status of a server fault (5xx). */
const SERVER_FAULT_STATUS = 500;

/** A call that failed in transit while the device was offline (see `markOffline`). */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor(cause: unknown) {
    super('The device is offline', { cause });
  }
}

/** spec §8: the back end's "no endpoint" bodies (code 0), which send the visitor to no-service. */
function isNoServiceAnswer(error: ApiError): boolean {
  const texts = [error.msg, error.error, error.message];
  return texts.some(
    (text) => text !== undefined && NO_SERVICE_BODY_MESSAGES.some((m) => text.includes(m)),
  );
}

/**
 * The fault a call's failure is, or null for an answer. Transport failures are what the API
 * client retries (src/services/api/api-client.ts `failedInTransit`): fetch's TypeError (reset,
 * refused, DNS, offline) and our timeout (spec §7, 10 s).
 */
export function faultKind(error: unknown): FaultKind | null {
  if (error instanceof OfflineError) return 'offline';
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof TypeError) return 'network';
  if (error instanceof ApiError) {
    if (error.status >= SERVER_FAULT_STATUS) return 'server';
    if (isNoServiceAnswer(error)) return 'server';
  }
  return null;
}

/**
 * A transport fault seen while the device says it is offline becomes an OfflineError, so the
 * message can say so. Read at the time of the failure (not while rendering: no browser global).
 */
export function markOffline(error: unknown, online: boolean): unknown {
  if (online) return error;
  const kind = faultKind(error);
  return kind === 'timeout' || kind === 'network' ? new OfflineError(error) : error;
}
