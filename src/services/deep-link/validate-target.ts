/**
 * The one gate every navigation target passes: deep links, fail URLs, download URLs, share links
 * and the login requestUrl. The decision is the URL policy's (src/services/urls/url-policy.ts,
 * issue 19): it normalises as the browser does, parses with URL, checks the scheme and host
 * against allow-list.ts, and returns the re-serialised URL that was checked: callers navigate to
 * `url`, never to their input.
 */
import { checkUrl } from '../urls/url-policy';

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

/**
 * The URL policy's verdict (src/services/urls/url-policy.ts, the one module the validator and the
 * engine use too), told as a navigation target: paths only when the caller allows relative
 * input (resolved onto ownOrigin), app schemes unless the caller refuses them.
 */
export function validateTarget(input: unknown, policy: TargetPolicy): ValidatedTarget {
  const kind = policy.allowAppSchemes === false ? 'webLink' : 'link';
  const checked = checkUrl(kind, input, { ownOrigin: policy.ownOrigin, absolutePaths: true });
  if (!checked.ok) return { ok: false, reason: checked.reason };
  switch (checked.place) {
    case 'path':
      if (!policy.allowRelative)
        return { ok: false, reason: 'not an absolute URL (a scheme is required)' };
      return { ok: true, url: checked.url, kind: 'own' };
    case 'own':
      return { ok: true, url: checked.url, kind: 'own' };
    case 'app':
      return { ok: true, url: checked.url, kind: 'app' };
    default:
      return { ok: true, url: checked.url, kind: 'provider' };
  }
}
