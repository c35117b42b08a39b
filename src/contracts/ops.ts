/**
 * The reference server's own probes (server/src/routes/health.ts): not calls of the client, so
 * not in the catalogue, but answered through defineRoute like every other route.
 */
import { z } from 'zod';
import { get } from './contract';
import { answer, noInput } from './shared';

const driver = z.enum(['pg', 'pglite']);

export const opsContracts = {
  'ops.health': get('/mp/api/health', {
    input: noInput,
    output: answer({ status: z.literal('ok'), db: driver, activities: z.number().int() }),
  }),
  'ops.health/ready': get('/mp/api/health/ready', {
    input: noInput,
    output: answer({ status: z.literal('ready'), db: driver }),
  }),
} as const;
