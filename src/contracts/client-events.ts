/**
 * The pages' counted events (server/src/routes/client-events.ts): share results (spec §4 "share
 * result events: success, error, save-image success, save-image error") and a document's `track`
 * actions, sent as batched beacons (src/services/browser/event-beacon.ts) and counted per day,
 * activity, channel, event and outcome for the campaign owner.
 */
import { z } from 'zod';
import { post } from './contract';
import { answer, base } from './shared';

/** A page sends at most this many events in one beacon. */
export const MAX_EVENTS_PER_BATCH = 20;

/** Short names only: they are counters' keys, not free text. */
const key = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\w.:-]*$/, 'letters, digits and . _ : - only');

export const clientEventsContracts = {
  'clientEvent.report': post(`${base('clientEvent')}report`, {
    ours: true,
    input: z.object({
      release: z.string().max(64),
      records: z
        .array(
          z.object({
            event: key(40).min(1),
            outcome: key(40).default(''),
            channel: key(40).default(''),
            activity: key(64).default(''),
          }),
        )
        .min(1)
        .max(MAX_EVENTS_PER_BATCH),
    }),
    output: answer({ counted: z.number().int() }),
  }),
} as const;
