/**
 * A CSS `url("…")` for an address the URL policy has already approved (./url-policy.ts, kind
 * `image`: the validator for literals, the engine after bindings), with everything that could
 * end the string or the function percent-encoded: quotes, parentheses, backslashes, whitespace
 * and controls. Percent-encoding keeps the address the same for the server, and the result can
 * never hold a second `url(` or a `;` that ends the declaration (issue 19:
 * `x"),url("https://evil.example/y.png`). Plain string work, no browser global (CSS.escape is
 * one), so it runs while prerendering.
 */
// Control characters are among what must not reach the CSS string.
// eslint-disable-next-line no-control-regex
const CSS_UNSAFE = /["'()\\\s\u0000-\u001f\u007f;]/g;

function percentEncode(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

export function cssUrl(approved: string): string {
  return `url("${approved.replace(CSS_UNSAFE, percentEncode)}")`;
}
