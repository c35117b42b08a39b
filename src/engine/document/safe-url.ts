/**
 * An https URL or a same-origin path; never javascript:, data:, protocol-relative or http.
 * Used by the schema at build time and again at run time for values that arrive through
 * {{bindings}} or from the server, which the build never saw.
 */
export const SAFE_URL_PATTERN = /^(https:\/\/[^\s"'<>\\()]+|\/(?!\/)[^\s"'<>\\()]*)$/;

export function isSafeUrl(value: unknown): value is string {
  return typeof value === 'string' && SAFE_URL_PATTERN.test(value);
}
