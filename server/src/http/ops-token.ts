import { timingSafeEqual } from 'node:crypto';

/**
 * The operators' pages (/ops/…) answer only a request bearing OPS_TOKEN; without the setting
 * they do not exist. Compared in constant time, so a wrong token learns nothing about the right one.
 */
export function hasOpsToken(authorization: string | undefined, expected: string | null): boolean {
  if (!expected) return false;
  const given = Buffer.from(String(authorization ?? '').replace(/^Bearer /, ''));
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
