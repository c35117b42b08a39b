/** Wallet trip, ours: spec §7 names no trip call (server/src/routes/wallet-trip.ts). Diamonds for check-ins, spent on rewards. */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCodeParam, answer, API, byActivity } from './shared';

export const walletTripContracts = {
  'walletTrip.summary': get(`${API}walletTrip/summary`, {
    ours: true,
    input: byActivity,
    output: answer({
      diamonds: z.number().int(),
      checkedInToday: z.boolean(),
      tripCount: z.number().int(),
      diamondsPerCheckIn: z.number().int(),
      modes: z.array(answer({ modeId: z.string(), name: z.string() })),
      list: z.array(
        answer({
          day: z.string(),
          modeId: z.string(),
          modeName: z.string(),
          diamonds: z.number().int(),
        }),
      ),
    }),
  }),
  'walletTrip.checkIn': post(`${API}walletTrip/checkIn`, {
    mutation: true,
    ours: true,
    input: z.object({
      activityCode: activityCodeParam,
      modeId: z.string().min(1).max(64).describe('a trip mode of the activity (metro, bus...)'),
    }),
    output: answer({ day: z.string(), diamonds: z.number().int(), balance: z.number().int() }),
  }),
  'walletTrip.rewards': get(`${API}walletTrip/rewards`, {
    ours: true,
    input: byActivity,
    output: answer({
      list: z.array(
        answer({
          rewardId: z.string(),
          name: z.string(),
          image: z.string(),
          diamonds: z.number().int(),
          label: z.string(),
          perUserLimit: z.number().int().nullable(),
          exchanged: z.number().int(),
        }),
      ),
    }),
  }),
  'walletTrip.exchange': post(`${API}walletTrip/exchange`, {
    mutation: true,
    ours: true,
    input: z.object({
      activityCode: activityCodeParam,
      rewardId: z.string().min(1).max(64).describe('a rewardId of rewards'),
    }),
    output: answer({
      exchangeId: z.string(),
      rewardId: z.string(),
      name: z.string(),
      label: z.string(),
      paid: answer({ chances: z.number().int(), goldRiceCents: z.number().int() }),
      balance: z.number().int(),
    }),
  }),
} as const;
