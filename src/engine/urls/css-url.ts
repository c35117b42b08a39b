/**
 * A CSS `url("…")` for an address the URL policy accepted (./url-policy.ts, kind `image`), with
 * everything that could end the string or the function percent-encoded: quotes, parentheses,
 * backslashes, whitespace and controls. Percent-encoding keeps the address the same for the
 * server, and the result can never hold a second `url(` or a `;` that ends the declaration
 * (issue 19: `x"),url("https://evil.example/y.png`). Plain string work, no browser global
 * (CSS.escape is one), so it runs while prerendering.
 */
import { checkUrl, type UrlContext } from './url-policy';

const CSS_UNSAFE = /["'()\\\s\u0000-\u001f\u007f]/g;

function percentEncode(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

/** `url("…")` for an image address, or undefined when the policy refuses it. */
export function cssImageUrl(value: unknown, context: UrlContext = {}): string | undefined {
  const verdict = checkUrl('image', value, context);
  if (!verdict.ok) return undefined;
  return `url("${verdict.url.replace(CSS_UNSAFE, percentEncode)}")`;
}
