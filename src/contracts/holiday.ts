/** Public holidays (server/src/routes/holiday.ts). */
import { z } from 'zod';
import { get } from './contract';
import { GA } from './shared';

/**
 * spec §7's shape: `value` is JSON text of `[{ year, workday, freeday }]` (days of the year);
 * the sign-in widget reads it (widgets/sign-in).
 */
const holidays = get(`${GA}holiday`, {
  carrier: 'value',
  input: z.object({ year: z.number().int().min(2000).max(2100).optional() }),
  output: z.string(),
});

export const holidayContracts = {
  'generalActivity.holiday': holidays,
  // The same call under the module name spec §7's GET list also uses.
  'holiday.getHolidays': holidays,
} as const;
