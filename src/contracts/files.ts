/** Image upload and signed upload links (server/src/routes/files.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import { answer, API, millis } from './shared';

export const filesContracts = {
  'file.uploadImage': post(`${API}file/uploadImage`, {
    mutation: true,
    input: z.object({
      image: z
        .string()
        .min(1)
        .max(8 * 1024 * 1024),
    }),
    output: answer({ url: z.string(), name: z.string(), mime: z.string(), size: z.number().int() }),
  }),
  'file.generatePreSignedUri': get(`${API}file/generatePreSignedUri`, {
    input: z.object({ kind: z.enum(['video', 'image']).default('video') }),
    output: answer({ uploadUrl: z.string(), methods: z.array(z.string()), expireTime: millis }),
  }),
} as const;
