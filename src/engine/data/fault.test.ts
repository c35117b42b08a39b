import { describe, expect, it } from 'vitest';
import { ApiError, TimeoutError } from '../../services/http/errors';
import { NO_SERVICE_BODY_MESSAGES, REQUEST_TIMEOUT_MS } from '../../spec/constants';
import { UI_COPY } from '../../ui/copy';
import { actionFailureText } from '../page/page-faults';
import { faultKind, markOffline, OfflineError } from './fault';
import { createFaultScope } from './fault-scope';

const apiError = (status: number, code: number | null, msg?: string) =>
  new ApiError({
    message: msg ?? `HTTP ${status}`,
    code,
    status,
    url: '/mp/api/x',
    ...(msg ? { msg } : {}),
  });

describe('faultKind (issue 19)', () => {
  it('names transport failures and server errors, never answers', () => {
    // spec §7: the client's own timeout.
    expect(faultKind(new TimeoutError('/mp/api/x', REQUEST_TIMEOUT_MS))).toBe('timeout');
    // fetch's TypeError: reset, refused, DNS.
    expect(faultKind(new TypeError('Failed to fetch'))).toBe('network');
    expect(faultKind(apiError(500, null))).toBe('server');
    expect(faultKind(apiError(503, null))).toBe('server');
    // spec §8: the "no endpoint" bodies with code 0 are the back end being away.
    for (const message of NO_SERVICE_BODY_MESSAGES)
      expect(faultKind(apiError(200, 0, `${message} /x`))).toBe('server');
    // spec §8: a 401 starts the login flow; it is not a fault to retry.
    expect(faultKind(apiError(401, 401))).toBeNull();
    // An answer: a refused business rule, a bad request.
    expect(faultKind(apiError(200, 1001, 'SOLD_OUT'))).toBeNull();
    expect(faultKind(apiError(400, null))).toBeNull();
    expect(faultKind(new Error('boom'))).toBeNull();
  });

  it('a transport failure while offline is an OfflineError; answers stay as they are', () => {
    const reset = new TypeError('Failed to fetch');
    expect(markOffline(reset, true)).toBe(reset);
    const offline = markOffline(reset, false);
    expect(offline).toBeInstanceOf(OfflineError);
    expect(faultKind(offline)).toBe('offline');
    const answer = apiError(200, 1001);
    expect(markOffline(answer, false)).toBe(answer);
  });
});

describe('fault scope', () => {
  it('reports a fault the widget does not show, and stops once it shows its own', () => {
    const seen: (string | null)[] = [];
    const scope = createFaultScope((kind) => seen.push(kind));
    let retried = 0;
    const withdraw = scope.failed('timeout', () => (retried += 1));
    expect(seen).toEqual(['timeout']);
    const hide = scope.shown();
    expect(seen).toEqual(['timeout', null]);
    hide();
    expect(seen).toEqual(['timeout', null, 'timeout']);
    scope.retryAll();
    expect(retried).toBe(1);
    withdraw();
    expect(seen).toEqual(['timeout', null, 'timeout', null]);
  });
});

describe('actionFailureText', () => {
  it("words a fault in Chinese, never fetch's English message", () => {
    expect(actionFailureText(new TypeError('Failed to fetch'))).toBe(UI_COPY.fault.network);
    expect(actionFailureText(new OfflineError(null))).toBe(UI_COPY.fault.offline);
    expect(actionFailureText(new Error('已经被抢光了'))).toBe('已经被抢光了');
    expect(actionFailureText(new Error('something broke'))).toBe('操作失败，请稍后再试');
  });
});
