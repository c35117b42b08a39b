/**
 * The image CDN allow-list (spec §5: images are https addresses of the image CDN; "Image URLs
 * already starting with https are left unchanged"). The spec names no CDN host, so these are
 * OURS, the provider's own image and web hosts, kept in this one file as an explicit assumption
 * (like src/contracts/hosts/allow-list.ts). To serve images from another CDN, add its host
 * here: the URL policy (./url-policy.ts: the validator, the engine after bindings, the services)
 * and the server's CSP img-src and media-src (server/src/static/security-headers.ts) all read this
 * list, so they cannot disagree. Decision 0023.
 *
 * Suffix rules: a rule matches the host itself or any sub-domain at a dot boundary ('mi-img.com'
 * matches 'cdn.cnbj1.fds.api.mi-img.com', never 'evilmi-img.com' or 'mi-img.com.evil.net').
 */
export const IMAGE_HOST_SUFFIXES: readonly string[] = [
  'mi-img.com', // the provider's image CDN (assumed)
  'mi.com',
  'xiaomi.com',
  'xiaomi.net',
  'mipay.com',
];

/** True when `hostname` (already parsed and lower-cased by URL) is an image CDN host. */
export function isImageHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return IMAGE_HOST_SUFFIXES.some((rule) => host === rule || host.endsWith(`.${rule}`));
}

/** The list as CSP source expressions: each rule and its sub-domains, https only. */
export function imageHostSources(): string[] {
  return IMAGE_HOST_SUFFIXES.flatMap((rule) => [`https://${rule}`, `https://*.${rule}`]);
}
