import { z } from 'zod';

const versionString = z
  .string()
  .regex(/^\d+(\.\d+){0,3}$/, 'expected a version like "8.73.0"')
  .describe('App version, dot-separated numbers.');

const dateString = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/,
    'expected an ISO date such as "2026-02-01" or "2026-02-01T10:00:00+08:00"',
  );

const comparable = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * A `when` condition: every key present must hold (keys are ANDed); `all`, `any` and `not`
 * combine conditions. Pure data, evaluated without code execution (src/contracts/conditions/evaluate.ts).
 */
export const conditionSchema: z.ZodType<ConditionInput> = z
  .strictObject({
    get all() {
      return z.array(conditionSchema).min(1).optional().describe('Every condition holds.');
    },
    get any() {
      return z.array(conditionSchema).min(1).optional().describe('At least one condition holds.');
    },
    get not() {
      return conditionSchema.optional().describe('The condition does not hold.');
    },
    host: z
      .array(
        z.enum([
          'finance',
          'wallet',
          'payments',
          'video',
          'shop',
          'wechat',
          'qq',
          'weibo',
          'browser',
        ]),
      )
      .min(1)
      .optional()
      .describe('The page runs in one of these apps or browsers.'),
    appType: z
      .array(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(6)]))
      .optional()
      .describe('spec §3 app type: 0 other, 1 default, 2 finance app, 6 wallet app.'),
    platformType: z
      .array(z.number().int().min(1).max(5))
      .optional()
      .describe('spec §3 platformType 1-5.'),
    deviceType: z
      .array(z.number().int().min(0).max(2))
      .optional()
      .describe('spec §3 deviceType: 0 browser, 1 finance app, 2 wallet/payments app.'),
    system: z
      .array(z.number().int().min(0).max(2))
      .optional()
      .describe('spec §3 system: 0 unknown, 1 Android, 2 iOS.'),
    loggedIn: z.boolean().optional().describe('The visitor is (or is not) logged in.'),
    appVersion: z
      .strictObject({ min: versionString.optional(), below: versionString.optional() })
      .optional()
      .describe('Host app version range: min inclusive, below exclusive.'),
    versionGate: z
      .enum(['newDomain', 'queryOtherApps'])
      .optional()
      .describe(
        'The host app passes a spec §5 version gate: newDomain (payments app 6.73.0+, finance app 8.73.0+) or queryOtherApps (finance 8.49.0+, wallet 6.49.0+). Other hosts never pass.',
      ),
    nfc: z.boolean().optional().describe('The phone has NFC.'),
    brand: z.array(z.string().min(1)).min(1).optional().describe('Phone brand, lower case.'),
    date: z
      .strictObject({ from: dateString.optional(), until: dateString.optional() })
      .optional()
      .describe('Now (server-corrected clock) is within [from, until).'),
    hostname: z
      .strictObject({ startsWith: z.string().optional(), equals: z.string().optional() })
      .optional()
      .describe('The page host name.'),
    query: z
      .strictObject({
        name: z.string().min(1),
        equals: z.string().optional(),
        present: z.boolean().optional(),
      })
      .optional()
      .describe('A URL query parameter.'),
    data: z
      .strictObject({
        path: z.string().min(1).describe('Binding path such as "user.signStatus".'),
        equals: comparable.optional(),
        notEquals: comparable.optional(),
        in: z.array(comparable).optional(),
        gt: z.number().optional(),
        gte: z.number().optional(),
        lt: z.number().optional(),
        lte: z.number().optional(),
        present: z.boolean().optional(),
      })
      .optional()
      .describe('A value from page data or state.'),
  })
  .refine((value) => Object.keys(value).length > 0, 'a condition needs at least one key');

type Comparable = string | number | boolean | null;
/** spec §5 version gates (src/contracts/env/version-gates.ts). */
export type VersionGate = 'newDomain' | 'queryOtherApps';
type HostName =
  'finance' | 'wallet' | 'payments' | 'video' | 'shop' | 'wechat' | 'qq' | 'weibo' | 'browser';

/** Written by hand only because the schema is recursive; the schema is annotated with it above. */
export interface ConditionInput {
  all?: ConditionInput[] | undefined;
  any?: ConditionInput[] | undefined;
  not?: ConditionInput | undefined;
  host?: HostName[] | undefined;
  appType?: (0 | 1 | 2 | 6)[] | undefined;
  platformType?: number[] | undefined;
  deviceType?: number[] | undefined;
  system?: number[] | undefined;
  loggedIn?: boolean | undefined;
  appVersion?: { min?: string | undefined; below?: string | undefined } | undefined;
  versionGate?: VersionGate | undefined;
  nfc?: boolean | undefined;
  brand?: string[] | undefined;
  date?: { from?: string | undefined; until?: string | undefined } | undefined;
  hostname?: { startsWith?: string | undefined; equals?: string | undefined } | undefined;
  query?: { name: string; equals?: string | undefined; present?: boolean | undefined } | undefined;
  data?:
    | {
        path: string;
        equals?: Comparable | undefined;
        notEquals?: Comparable | undefined;
        in?: Comparable[] | undefined;
        gt?: number | undefined;
        gte?: number | undefined;
        lt?: number | undefined;
        lte?: number | undefined;
        present?: boolean | undefined;
      }
    | undefined;
}

export type Condition = ConditionInput;
