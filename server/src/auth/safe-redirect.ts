/**
 * Login's requestUrl must stay on our origin (no open redirect). Accepted: a path starting with
 * one '/' or an absolute URL whose origin equals the request's. The check resolves the value
 * with the WHATWG URL parser — the one browsers use, so tricks like '/\evil', '/\t/evil' or
 * 'https:evil' resolve here exactly as they would in the browser — and compares origins.
 * @returns the absolute URL to redirect to, or null when the value is not ours.
 */
export function safeRedirectTarget(raw: string, requestOrigin: string): string | null {
  // Backslashes, whitespace and control characters are never part of a link we hand out.
  if (raw === '' || raw.includes('\\') || /\s/.test(raw) || hasControlChar(raw)) return null;
  const isRelative = raw.startsWith('/') && !raw.startsWith('//');
  if (!isRelative && !/^https?:\/\//i.test(raw)) return null;
  let resolved: URL;
  try {
    resolved = new URL(raw, requestOrigin);
  } catch {
    return null;
  }
  if (resolved.origin !== requestOrigin) return null;
  if (resolved.username || resolved.password) return null;
  // Absolute, so a normalised path like '//evil' can never be read as a host.
  return resolved.href;
}

function hasControlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
