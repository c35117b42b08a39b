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

/** Who the audit log names when the shared OPS_TOKEN was used. */
export const SHARED_OPERATOR = 'ops';

/**
 * The operator a request's bearer token names (the live switch's audit log records it), or null:
 * an operator's own token (OPS_OPERATORS) gives their name, the shared OPS_TOKEN `ops`. Every
 * token is compared, in constant time, so the answer's timing says nothing about which matched.
 */
export function operatorOf(
  authorization: string | undefined,
  config: { opsToken: string | null; operators: readonly { name: string; token: string }[] },
): string | null {
  let found: string | null = null;
  for (const { name, token } of config.operators) {
    if (hasOpsToken(authorization, token) && found === null) found = name;
  }
  if (hasOpsToken(authorization, config.opsToken) && found === null) found = SHARED_OPERATOR;
  return found;
}
