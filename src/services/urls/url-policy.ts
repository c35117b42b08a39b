/**
 * THE URL policy (issue 19, decision 0023): one module decides, for each kind of URL a document
 * can hold, whether a value may be used and what exactly is used (the re-serialised address, never
 * the input). Three readers, so they cannot disagree:
 *
 * - the validator, on literal values (`urlProp(kind)` in src/engine/document/prop-types.ts);
 * - the engine, on every URL-kind prop a `{{binding}}` fills in, before a widget sees its props
 *   (src/engine/urls/apply-url-policy.ts, from src/engine/render/node-view.tsx; decision 0028);
 * - the services at the moment they navigate (src/services/deep-link/validate-target.ts).
 *
 * What it does, in order:
 * 1. Normalises as the browser's URL parser does (WHATWG URL): leading and trailing C0 controls
 *    and spaces are dropped, tabs and newlines anywhere are removed, so `java\tscript:` and
 *    `\x01javascript:` are seen as the `javascript:` they become. Any other control character
 *    left is refused.
 * 2. A value with no scheme must be a path on this site ("/luckDraw"): protocol-relative
 *    `//host` and `/\host` (which browsers read as `//host`) are refused, as is anything that
 *    resolves off this origin.
 * 3. A value with a scheme is parsed with URL; javascript:, data:, vbscript:, file:, blob:,
 *    content: and unknown schemes are refused, so is http: (https only, except our own origin),
 *    and user:password@ (it only serves to disguise where a link goes).
 * 4. The kind decides the rest (URL_KIND_RULES below).
 */
import { isAppScheme, isProviderHost } from '../../contracts/hosts/allow-list';
import { EMBED_ORIGINS } from '../../contracts/hosts/embed-hosts';
import { IMAGE_HOST_SUFFIXES, isImageHost } from '../../contracts/hosts/image-hosts';

/**
 * The kinds of URL-typed props. `image`: an <img>, a poster, a CSS background (spec §5 CDN/https
 * rule). `media`: a video or its text track (the same CDN list). `link`: where a tap goes (a
 * route, a web page of ours or the provider's, or an app). `webLink`: the same without app
 * schemes (the navigate action, share links). `deepLink`: an openApp target and its fall-backs
 * (spec §4; the same rule as `link` today, its own kind so those fields are listed as such).
 * `embed`: an iframe (exactly src/contracts/hosts/embed-hosts.ts).
 */
export const URL_KINDS = ['image', 'media', 'link', 'webLink', 'deepLink', 'embed'] as const;
export type UrlKind = (typeof URL_KINDS)[number];

/** Where an accepted value points. */
export type UrlPlace = 'path' | 'own' | 'provider' | 'image-host' | 'embed' | 'app';

export type UrlVerdict =
  | { ok: true; url: string; place: UrlPlace }
  | {
      ok: false;
      reason: string;
      /** What the kind accepts, for the validator's message (set by checkUrlLiteral). */
      needs?: string;
    };

export interface UrlContext {
  /**
   * The page's origin (run time: navigation.href()). The build does not know it, so an absolute
   * address of our own origin passes only at run time: documents write routes as paths.
   */
  ownOrigin?: string | undefined;
  /** Return a path as an absolute URL on ownOrigin (the services navigate to it). */
  absolutePaths?: boolean;
}

/** Which places each kind accepts. */
export const URL_KIND_RULES: Readonly<Record<UrlKind, readonly UrlPlace[]>> = {
  image: ['path', 'own', 'image-host'],
  media: ['path', 'own', 'image-host'],
  link: ['path', 'own', 'provider', 'app'],
  webLink: ['path', 'own', 'provider'],
  deepLink: ['path', 'own', 'provider', 'app'],
  embed: ['embed'],
};

/** Schemes refused with a named reason (any other unknown scheme is refused too). */
const DANGEROUS_SCHEMES = ['javascript', 'data', 'vbscript', 'file', 'content', 'blob'];

/** Where paths are resolved when the origin is not known (build time). */
const PLACEHOLDER_ORIGIN = 'https://own.invalid';

// Control characters are what these look for (the URL parser's own rules).
// eslint-disable-next-line no-control-regex
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const HAS_SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** What the browser's URL parser does to its input before anything else (WHATWG URL §4.4). */
export function normaliseUrl(value: string): string {
  return value.replace(EDGE_CONTROLS, '').replace(TAB_OR_NEWLINE, '');
}

function refuse(reason: string): UrlVerdict {
  return { ok: false, reason };
}

function originOf(address: string | undefined): string | null {
  if (address === undefined) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** Where a value points, whatever the kind; or why it points nowhere usable. */
function locate(value: unknown, context: UrlContext): UrlVerdict {
  if (typeof value !== 'string') return refuse('not text');
  const input = normaliseUrl(value);
  if (input === '') return refuse('empty address');
  if (CONTROL.test(input)) return refuse('control character in the address');
  const own = originOf(context.ownOrigin);

  if (!HAS_SCHEME.test(input)) {
    if (!input.startsWith('/')) return refuse('a path must start with "/" (or write https://)');
    const base = own ?? PLACEHOLDER_ORIGIN;
    let url: URL;
    try {
      url = new URL(input, base);
    } catch {
      return refuse('not a valid path');
    }
    // '//host' and '/\host' resolve to another host: protocol-relative, refused.
    if (url.origin !== new URL(base).origin) {
      return refuse('protocol-relative address ("//host"): write https:// or a path');
    }
    const path = `${url.pathname}${url.search}${url.hash}`;
    return { ok: true, url: context.absolutePaths && own ? url.href : path, place: 'path' };
  }

  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse('not a valid URL');
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (DANGEROUS_SCHEMES.includes(scheme)) return refuse(`scheme '${scheme}:' is never allowed`);
  if (url.username !== '' || url.password !== '') return refuse('credentials in URL');
  if (scheme === 'https' || scheme === 'http') {
    if (own !== null && url.origin === own) return { ok: true, url: url.href, place: 'own' };
    if (scheme === 'http') return refuse("'http:' is not allowed: use https://");
    if (EMBED_ORIGINS.includes(url.origin) && !isProviderHost(url.hostname)) {
      return { ok: true, url: url.href, place: 'embed' };
    }
    if (isProviderHost(url.hostname)) return { ok: true, url: url.href, place: 'provider' };
    if (isImageHost(url.hostname)) return { ok: true, url: url.href, place: 'image-host' };
    return refuse(`host '${url.hostname}' is not on an allow-list`);
  }
  if (isAppScheme(scheme)) return { ok: true, url: url.href, place: 'app' };
  return refuse(`unknown scheme '${scheme}:'`);
}

/** Whether `place` is allowed for `kind`, counting hosts that are on more than one list. */
function placeAllowed(kind: UrlKind, verdict: Extract<UrlVerdict, { ok: true }>): boolean {
  const places = URL_KIND_RULES[kind];
  if (places.includes(verdict.place)) return true;
  const { hostname, origin } = new URL(verdict.url, PLACEHOLDER_ORIGIN);
  if (verdict.place === 'path' || verdict.place === 'own' || verdict.place === 'app') return false;
  // A provider host may also be an image host or an embed origin, and the other way round.
  if (places.includes('image-host') && isImageHost(hostname)) return true;
  if (places.includes('provider') && isProviderHost(hostname)) return true;
  if (places.includes('embed') && EMBED_ORIGINS.includes(origin)) return true;
  return false;
}

/**
 * What to write instead, for a file of the site or an image host: a picture goes in public/demo/
 * and is written from the site's root (docs/authoring.md §2, step 3); `banner.png` gets its own
 * address as the suggestion.
 */
function siteFileNeeds(what: string, value: unknown): string {
  const name =
    typeof value === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(value.trim())
      ? value.trim().split(/[/\\]/).pop()
      : undefined;
  const file = name && /^[\w.-]+\.[a-z0-9]+$/i.test(name) ? name : '<file name>';
  return `put ${what} in public/demo/ and write "/mp/activity/demo/${file}", or an https:// address on ${IMAGE_HOST_SUFFIXES.join(', ')} (or a sub-domain)`;
}

const KIND_NEEDS: Readonly<Record<UrlKind, (value: unknown) => string>> = {
  image: (value) => siteFileNeeds('the image', value),
  media: (value) => siteFileNeeds('the video', value),
  link: () => 'a link must be a route, https:// on our or the provider hosts, or an app link',
  webLink: () => 'a web link must be a route or https:// on our or the provider hosts',
  deepLink: () =>
    'an app target must be an app link, a route or https:// on our or the provider hosts',
  embed: () => `an embedded page must be https:// on ${EMBED_ORIGINS.join(' or ')}`,
};

/**
 * The verdict for one value of one kind. Accepted: `url` is what to use (re-serialised by URL:
 * quotes and spaces percent-encoded). Refused: `reason` says why, for the validator's message and
 * the run-time warning.
 */
export function checkUrl(kind: UrlKind, value: unknown, context: UrlContext = {}): UrlVerdict {
  const located = locate(value, context);
  if (!located.ok || placeAllowed(kind, located)) return located;
  return {
    ok: false,
    reason: `${located.place === 'path' ? 'a path' : located.url} is not allowed here`,
  };
}

/** The binding syntax of src/engine/bindings/interpolate.ts, loosely: anything in {{ }}. */
const BINDING = /\{\{[^}]*\}\}/g;

/**
 * The validator's verdict on a literal as written in a document, with what the kind accepts
 * (`needs`, which only the validator prints: the browser's chunk of this module leaves it out).
 * A value with no binding gets checkUrl's verdict. A value with `{{bindings}}` is checked once it
 * is bound, at run time; here the part the author wrote must already be acceptable: a value that starts with a binding is
 * left to run time, any other has each binding replaced by a harmless "x" and is checked ("https://
 * {{query.host}}/a.png" is refused: its host would come from the visitor).
 */
export function checkUrlLiteral(kind: UrlKind, value: unknown): UrlVerdict {
  const bound = typeof value === 'string' && value.includes('{{');
  if (bound && normaliseUrl(value).startsWith('{{')) return { ok: true, url: value, place: 'path' };
  const verdict = checkUrl(kind, bound ? value.replace(BINDING, 'x') : value);
  if (!verdict.ok) return { ...verdict, needs: KIND_NEEDS[kind](value) };
  return bound ? { ok: true, url: value, place: verdict.place } : verdict;
}
