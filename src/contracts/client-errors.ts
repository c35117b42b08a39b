/**
 * The error-reporting service of spec §8 row 3, ours (server/src/routes/client-errors.ts): pages
 * send batched beacons (src/services/browser/error-beacon.ts).
 */
import { z } from 'zod';
import { post } from './contract';
import { answer, base } from './shared';

/** A page sends at most this many reports in one beacon. */
export const MAX_REPORTS_PER_BATCH = 20;

const text = (max: number) => z.string().max(max);

export const clientErrorsContracts = {
  'clientError.report': post(`${base('clientError')}report`, {
    ours: true,
    input: z.object({
      release: text(64),
      records: z
        .array(
          z.object({
            kind: text(40),
            message: text(1000),
            page: text(300),
            url: text(500).nullish(),
            status: z.number().int().min(0).max(999).nullish(),
          }),
        )
        .min(1)
        .max(MAX_REPORTS_PER_BATCH),
    }),
    output: answer({ stored: z.number().int() }),
  }),
} as const;
