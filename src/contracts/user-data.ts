/**
 * The caller's phone, delivery address and invitation code, spec §7 user/* and
 * invitationPassword (server/src/routes/user-data.ts). Every call reads or writes only the row of
 * the token's user; the miid/sid parameters some pages send are ignored for that reason.
 */
import { z } from 'zod';
import { post } from './contract';
import { answer, API, millis, noInput, PHONE_PATTERN } from './shared';

/** Printable text without control characters or markup brackets. */
const text = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .min(min, `${what} must have at least ${min} characters`)
    .max(max, `${what} must have at most ${max} characters`)
    .regex(/^[^\p{Cc}<>]*$/u, `${what} must not contain control characters or < >`);

const addressInput = z.object({
  name: text(1, 20, 'name').describe("recipient's name, 1-20 characters"),
  phone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, 'phone must be an 11-digit mainland mobile number')
    .describe('recipient mobile, 11 digits starting with 1'),
  region: text(2, 64, 'region').describe('province, city and district, e.g. "Beijing Haidian"'),
  address: text(4, 120, 'address').describe('street, building and room'),
});

/** The delivery address; the owner gets the full phone back (the form is prefilled for editing). */
const address = answer({
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  address: z.string(),
  updateTime: millis,
});

export const userDataContracts = {
  'user.getUserPhone': post(`${API}user/getUserPhone`, {
    input: noInput,
    output: answer({ phone: z.string() }),
  }),
  'user.getUserDataByMiidSid': post(`${API}user/getUserDataByMiidSid`, {
    input: noInput,
    output: address.nullable(),
  }),
  'user.insertOrUpdateUserData': post(`${API}user/insertOrUpdateUserData`, {
    mutation: true,
    input: addressInput,
    output: address.extend({ addressedPrizes: z.number().int() }),
  }),
  'invitationPassword.getInvitationPassword': post(
    `${API}invitationPassword/getInvitationPassword`,
    { input: noInput, output: answer({ password: z.string() }) },
  ),
} as const;
