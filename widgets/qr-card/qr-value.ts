import { validateTarget } from '../../src/services/deep-link/validate-target';

/** Text that reads as an address: a scheme, a protocol-relative or a www. start. */
const LOOKS_LIKE_ADDRESS = /^\s*([a-z][\w+.-]*:|\/\/|www\.)/i;

/**
 * What the code may hold, or null: a `link` passes the one navigation gate (our own site or the
 * provider's, made absolute, never an app scheme or javascript:), so a crafted query cannot turn
 * the card into a code for another site; `text` must not read as an address at all.
 */
export function qrContent(kind: 'link' | 'text', value: string, ownHref: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 500) return null;
  if (kind === 'text') return LOOKS_LIKE_ADDRESS.test(trimmed) ? null : trimmed;
  const checked = validateTarget(trimmed, {
    ownOrigin: new URL(ownHref).origin,
    allowRelative: true,
    allowAppSchemes: false,
  });
  return checked.ok ? checked.url : null;
}

/** `template` with `{value}` replaced (URL-encoded for links), or the value itself. */
export function fillTemplate(
  template: string | undefined,
  value: string,
  kind: 'link' | 'text',
): string {
  if (!template) return value;
  return template.split('{value}').join(kind === 'link' ? encodeURIComponent(value) : value);
}
