/**
 * Masking for the public winners ticker (rotaryNews): another user's name or phone is shown
 * only as a hint, e.g. '138****0001' and '张***丰'. A name that is already a masked phone (new
 * users' default, domain/users.ts) is shown as it is.
 */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return '****';
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

const MASKED_PHONE = /^1\d{2}\*{4}\d{4}$/;

export function maskName(name: string): string {
  if (MASKED_PHONE.test(name.trim())) return name.trim();
  const chars = [...name.trim()];
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}
