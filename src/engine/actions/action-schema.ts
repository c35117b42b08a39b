import { z } from 'zod';
import { urlProp } from '../document/prop-types';

const bindableRecord = z
  .record(z.string(), z.unknown())
  .describe('Values may contain {{bindings}}, resolved when the action runs.');

/** A nested list of actions (onSuccess, onError, onCancel). */
type ActionList = z.ZodOptional<z.ZodArray<typeof actionSchema>>;

/**
 * Actions are data: a discriminated union on `type`, run in sequence by one dispatcher
 * (src/engine/actions/dispatcher.ts). Nested branches (onSuccess, onError, onConfirm) are lists
 * of actions too. Each member lists its own fields; the dispatcher has one handler per type.
 */
export const actionSchema = z.discriminatedUnion('type', [
  z
    .strictObject({
      type: z.literal('api'),
      call: z
        .string()
        .min(1)
        .describe('Catalogue name of the call, e.g. "generalActivity.luckDraw".'),
      params: bindableRecord.optional(),
      saveAs: z
        .string()
        .regex(/^[A-Za-z_][\w]*$/)
        .optional()
        .describe('Page state key that receives the response result.'),
      get onSuccess(): ActionList {
        return z.array(actionSchema).optional();
      },
      get onError(): ActionList {
        return z.array(actionSchema).optional();
      },
    })
    .describe('Calls the back end.'),
  z
    .strictObject({
      type: z.literal('navigate'),
      to: urlProp('webLink').describe(
        'A route of this app ("/luckDraw") or an allowed absolute https URL.',
      ),
      query: z.record(z.string(), z.string()).optional(),
      replace: z.boolean().optional(),
    })
    .describe('Goes to another page.'),
  z
    .strictObject({
      type: z.literal('openApp'),
      target: urlProp('deepLink').describe('Deep link (app scheme) or https URL.'),
      failUrl: urlProp('deepLink').optional(),
      downloadUrl: urlProp('deepLink').optional(),
      check: z
        .enum(['poll', 'wallet'])
        .optional()
        .describe(
          'poll (default): the spec §4 50 ms x 40 visibility poll; wallet: the wallet-app variant, one check 2000 ms after the jump.',
        ),
    })
    .describe('Opens a native app through a deep link, with the fall-backs of spec §4.'),
  z
    .strictObject({
      type: z.literal('toast'),
      text: z.string().min(1),
      variant: z.enum(['default', 'short', 'html']).optional(),
    })
    .describe('Shows a toast.'),
  z
    .strictObject({
      type: z.literal('openDialog'),
      dialog: z.string().min(1),
      perDay: z
        .number()
        .int()
        .min(1)
        .max(99)
        .optional()
        .describe(
          'Opens the dialog at most this many times a day per visitor (spec §4 daily counter; the count resets the next day).',
        ),
    })
    .describe('Opens one of the page dialogs by id.'),
  z
    .strictObject({ type: z.literal('closeDialog'), dialog: z.string().min(1).optional() })
    .describe('Closes the named dialog, or the top one.'),
  z
    .strictObject({
      type: z.literal('confirm'),
      title: z.string().optional(),
      text: z.string().min(1),
      confirmText: z.string().optional(),
      cancelText: z.string().optional(),
      countdown: z.number().int().min(1).max(60).optional(),
      get onConfirm(): z.ZodArray<typeof actionSchema> {
        return z.array(actionSchema).min(1);
      },
      get onCancel(): ActionList {
        return z.array(actionSchema).optional();
      },
    })
    .describe('Asks the visitor to confirm, then runs one branch.'),
  z
    .strictObject({
      type: z.literal('share'),
      title: z.string().optional(),
      text: z.string().optional(),
      url: urlProp('webLink').optional(),
      imageUrl: urlProp('image').optional(),
    })
    .describe('Shares the page (or the given link).'),
  z
    .strictObject({ type: z.literal('scrollTo'), node: z.string().min(1) })
    .describe('Scrolls the node with this id into view.'),
  z.strictObject({ type: z.literal('login') }).describe('Starts the login flow.'),
  z
    .strictObject({
      type: z.literal('miniProgram'),
      userName: z
        .string()
        .regex(/^gh_[0-9a-f]{6,32}$/, 'a mini-program id such as "gh_0123456789ab"')
        .describe("The messaging app's mini-program id."),
      path: z
        .string()
        .max(200)
        .regex(/^[\w/.?=&%-]*$/, 'a path inside the mini-program')
        .optional(),
    })
    .describe(
      'Launches a messaging-app mini-program through the wallet client (spec §8: unsupported elsewhere; without the messaging app, its app-store page after 1.5 s).',
    ),
  z
    .strictObject({ type: z.literal('closePage') })
    .describe("Closes the page: the app's web view inside the provider's apps, else goes back."),
  z
    .strictObject({
      type: z.literal('copy'),
      text: z.string().min(1),
      toast: z.string().optional().describe('Shown after copying.'),
    })
    .describe('Copies text to the clipboard.'),
  z
    .strictObject({
      type: z.literal('track'),
      event: z.string().min(1),
      data: bindableRecord.optional(),
    })
    .describe('Sends an analytics event.'),
  z
    .strictObject({
      type: z.literal('setState'),
      key: z.string().regex(/^[A-Za-z_][\w]*$/),
      value: z.unknown(),
    })
    .describe('Sets a page state value, readable as {{state.<key>}}.'),
  z
    .strictObject({
      type: z.literal('refresh'),
      calls: z
        .array(z.string().min(1))
        .min(1)
        .optional()
        .describe(
          'Catalogue names of the calls to read again, e.g. "generalActivity.getRemainChance"; without it, every call of the page and its data sources.',
        ),
    })
    .describe(
      'Reads calls again, whichever widget of the page loaded them, and the page data sources that use them (after an api action changed what they show).',
    ),
]);

/**
 * The one writing of the union: the schema's input type (what a document holds). The getters of
 * the nested branches are annotated so TypeScript can infer the recursion.
 */
export type ActionInput = z.input<typeof actionSchema>;

export type Action = ActionInput;
export type ActionType = Action['type'];
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;

/** The action types, for did-you-mean suggestions: read from the schema's members. */
export const actionTypes: readonly ActionType[] = actionSchema.options.map(
  (option) => option.shape.type.value,
);
