/**
 * Traffic to the shop partner, spec §7: POST traffic/jdComplete, GET traffic/{token}; `{token}`
 * is a path parameter (server/src/routes/traffic.ts).
 */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCodeParam, answer, API, millis, noInput } from './shared';

/** A completed visit as its owner reads it back. */
const trafficView = answer({
  token: z.string(),
  activityCode: z.string(),
  partner: z.string(),
  day: z.string(),
  reward: answer({ chances: z.number().int(), goldRiceCents: z.number().int() }),
  completeTime: millis,
});

export const trafficContracts = {
  'traffic.jdComplete': post(`${API}traffic/jdComplete`, {
    mutation: true,
    input: z.object({ activityCode: activityCodeParam }),
    output: answer({ firstToday: z.boolean(), ...trafficView.shape, jumpUrl: z.string() }),
  }),
  'traffic.byToken': get(`${API}traffic/{token}`, {
    params: ['token'],
    input: noInput,
    output: trafficView,
  }),
} as const;
