/** Card binding behind /bind-card, ours (server/src/routes/bank-cards.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import { answer, base, millis, noInput } from './shared';

const B = base('bankCard');

/** The Luhn check digit of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const bindInput = z.object({
  bankName: z
    .string()
    .trim()
    .min(2, 'bankName is required')
    .max(20)
    .regex(/^[\p{Script=Han}A-Za-z()（）]+$/u, 'bankName: Chinese or Latin letters only')
    .describe('the bank, as the user picked it'),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{16,19}$/, 'cardNumber must have 16 to 19 digits')
        .refine(luhnValid, 'cardNumber fails the check digit'),
    )
    .describe('16-19 digits (spaces allowed); only the last four are stored'),
});

const card = answer({
  cardId: z.number().int(),
  bankName: z.string(),
  last4: z.string(),
  bindTime: millis,
});

export const bankCardsContracts = {
  'bankCard.list': get(`${B}list`, {
    ours: true,
    input: noInput,
    output: answer({ list: z.array(card), max: z.number().int() }),
  }),
  'bankCard.bind': post(`${B}bind`, {
    mutation: true,
    ours: true,
    input: bindInput,
    output: answer({ bound: z.literal(true), alreadyBound: z.boolean(), card }),
  }),
} as const;
