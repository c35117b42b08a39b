/** Serial ids (server/src/routes/ids.ts). */
import { z } from 'zod';
import { get } from './contract';
import { answer, API } from './shared';

export const idsContracts = {
  'generalActivity.getIdV2': get(`${API}generalActivity/getIdV2`, {
    input: z.object({ serialNumber: z.string().max(64).optional() }),
    output: answer({ id: z.string() }),
  }),
} as const;
