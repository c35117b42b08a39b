/** Sales leads left on a form (server/src/routes/leads.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import {
  accountPhoneFlag,
  activityCodeParam,
  answer,
  base,
  byActivity,
  millis,
  PHONE_PATTERN,
} from './shared';

const L = base('leads');

const saveInput = z.object({
  activityCode: activityCodeParam,
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .max(20, 'name must have at most 20 characters')
    .regex(/^[^\p{Cc}<>]*$/u, 'name must not contain control characters or < >')
    .describe('contact name, 1-20 characters'),
  phone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, 'phone must be an 11-digit mainland mobile number')
    .optional()
    .describe('contact mobile, 11 digits starting with 1; omit with useAccountPhone'),
  useAccountPhone: accountPhoneFlag,
  city: z
    .string()
    .trim()
    .max(32, 'city must have at most 32 characters')
    .regex(/^[^\p{Cc}<>]*$/u, 'city must not contain control characters or < >')
    .default('')
    .describe('optional city'),
});

/** Shown back masked: the status page only confirms what was left. */
const lead = answer({ name: z.string(), phone: z.string(), city: z.string(), saveTime: millis });
const save = {
  mutation: true,
  input: saveInput,
  output: answer({ saved: z.literal(true), alreadySaved: z.boolean(), lead }),
};

export const leadsContracts = {
  'leads.status': get(`${L}status`, {
    input: byActivity,
    output: answer({ saved: z.boolean(), lead: lead.nullable() }),
  }),
  'leads.save': post(`${L}save`, save),
  'leads.save.get': get(`${L}save`, save),
} as const;
