/**
 * The one gate every navigation target passes: deep links, fail URLs, download URLs, share links
 * and the login requestUrl. It parses with URL (so the browser's own rules decide what the
 * string means), checks the parsed scheme and host against allow-list.ts, and returns the
 * re-serialised URL that was checked: callers navigate to `url`, never to their input.
 */
import { isAppScheme, isProviderHost, isWebScheme } from './allow-list';

export type TargetKind = 'own' | 'provider' | 'app';

export type ValidatedTarget =
  { ok: true; url: string; kind: TargetKind } | { ok: false; reason: string };

export interface TargetPolicy {
  /** Our own origin, e.g. navigation.href() or 'https://m.example.cn'. */
  ownOrigin: string;
  /** Resolve scheme-less input ('/mp/activity/x', '//host') against ownOrigin. Default false. */
  allowRelative?: boolean;
  /** Accept app schemes. Default true; share links and login requestUrl pass false. */
  allowAppSchemes?: boolean;
}

/** Schemes refused with a named reason (anything else unknown is refused too). */
const DANGEROUS_SCHEMES = ['javascript', 'data', 'vbscript', 'file', 'content', 'blob'];

function refuse(reason: string): ValidatedTarget {
  return { ok: false, reason };
}

function parse(input: string, policy: TargetPolicy): URL | null {
  try {
    return new URL(input);
  } catch {
    // No scheme of its own: only meaningful relative to our origin.
  }
  if (!policy.allowRelative) return null;
  try {
    return new URL(input, policy.ownOrigin);
  } catch {
    return null;
  }
}

function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

export function validateTarget(input: unknown, policy: TargetPolicy): ValidatedTarget {
  if (typeof input !== 'string' || input.trim() === '') return refuse('empty target');
  const url = parse(input, policy);
  if (!url) {
    return refuse(
      policy.allowRelative ? 'not a valid URL' : 'not an absolute URL (a scheme is required)',
    );
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (DANGEROUS_SCHEMES.includes(scheme)) return refuse(`scheme '${scheme}:' is never allowed`);
  // userinfo ('https://evil.com@host') only serves to disguise where a link goes.
  if (url.username !== '' || url.password !== '') return refuse('credentials in URL');

  if (isWebScheme(scheme)) {
    if (url.origin === originOf(policy.ownOrigin)) return { ok: true, url: url.href, kind: 'own' };
    if (isProviderHost(url.hostname)) return { ok: true, url: url.href, kind: 'provider' };
    return refuse(`host '${url.hostname}' is not on the allow-list`);
  }
  if (isAppScheme(scheme)) {
    if (policy.allowAppSchemes === false) return refuse(`app scheme '${scheme}:' not allowed here`);
    return { ok: true, url: url.href, kind: 'app' };
  }
  return refuse(`unknown scheme '${scheme}:'`);
}
