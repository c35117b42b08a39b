import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './envelope';

/**
 * One rule for every string a request carries, on every route (issue 17): no NUL and no unpaired
 * UTF-16 surrogate. PostgreSQL refuses 0x00 in text (a nickname with one gave a 500), and a lone
 * surrogate cannot be stored as UTF-8; both are refused as bad input (400) at the validation step,
 * before any route's own schema, so no route can forget it.
 */
const ILL_FORMED = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Path of the first ill-formed string (key or value) in `value`, or null. Iterative: a deeply
 * nested JSON body must not overflow the stack. */
export function illFormedStringAt(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (ILL_FORMED.test(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, `${path}[${i}]`]));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (ILL_FORMED.test(key)) return `${path} (a key)`;
        stack.push([item, `${path}.${key}`]);
      }
    }
  }
  return null;
}

function check(request: FastifyRequest): void {
  const parts: [unknown, string][] = [
    [request.query, 'querystring'],
    [request.params, 'params'],
    [request.body, 'body'],
  ];
  for (const [value, name] of parts) {
    const at = illFormedStringAt(value, name);
    if (at !== null) {
      throw badRequest(`invalid ${at}: text must not contain NUL or unpaired surrogates`);
    }
  }
}

/** preValidation runs for every route, right before its schema is checked. */
export function registerInputRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => check(request));
}
