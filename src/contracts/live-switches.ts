/**
 * The operators' live switch (issue 34 item 11; server/src/routes/live-switches.ts, decision
 * 0042): what a page reads to show a kind message in place of what an operator turned off, and
 * the operator routes that turn things off and on (protected by the operator token like the other
 * operator pages; server-only, in ./ops.ts's registry).
 */
import { z } from 'zod';
import { actionNames } from './activity-schema';
import { get, post } from './contract';
import { activityCode, answer, API, base } from './shared';

/** What a switch can turn off: a whole activity, one action family of it, one node of a page. */
export const LIVE_SWITCH_SCOPES = ['activity', 'action', 'widget'] as const;
export type LiveSwitchScope = (typeof LIVE_SWITCH_SCOPES)[number];

/** A route as the page's URL shows it below /mp/activity/ ("/luckDraw", "/contract/record"). */
const route = z
  .string()
  .regex(/^\/[A-Za-z0-9_\-/]*$/, 'a route such as /luckDraw (letters, digits, - _ /)')
  .max(200);
/** A node id of a document (`id`, or `body-3` for a node without one). */
const widgetId = z
  .string()
  .regex(/^[A-Za-z0-9_\-:.]+$/, 'a node id such as draw (letters, digits, - _ : .)')
  .max(100);
const action = z.enum(actionNames);

/** One switch as the operators see it: what, and the change that set it. */
const switchRow = answer({
  scope: z.enum(LIVE_SWITCH_SCOPES),
  activityCode: z.string().optional(),
  action: action.optional(),
  route: z.string().optional(),
  widgetId: z.string().optional(),
  off: z.boolean(),
  reason: z.string(),
  changedBy: z.string(),
  changedAt: z.string(),
});

/** One row of the audit log: a switch row and its place in the order of changes. */
const changeRow = switchRow.extend({ id: z.string(), version: z.number().int() });

/** A reason an operator writes; required, so every change says why. */
export const LIVE_SWITCH_REASON_MAX = 500;

export const liveSwitchContracts = {
  /** Public: what is off right now, for the page's renderer (no reasons, no names). */
  'liveSwitch.list': get(`${base('liveSwitch')}list`, {
    ours: true,
    input: z.object({}),
    output: answer({
      version: z.number().int(),
      activities: z.array(z.string()),
      actions: z.array(answer({ activityCode: z.string(), action })),
      widgets: z.array(answer({ route: z.string(), widgetId: z.string() })),
    }),
  }),
} as const;

/** The operator routes (bearer token, docs/authoring.md "Stopping something on a live page"). */
export const liveSwitchOpsContracts = {
  'ops.switches': get(`${API}ops/switches`, {
    ours: true,
    input: z.object({
      limit: z.number().int().min(1).max(500).default(50).describe('changes of the log shown'),
    }),
    output: answer({
      /** The newest change's number in the database, and the one this node acts on. */
      version: z.number().int(),
      nodeVersion: z.number().int(),
      off: z.array(switchRow),
      changes: z.array(changeRow),
    }),
  }),
  'ops.switches/change': post(`${API}ops/switches`, {
    ours: true,
    mutation: true,
    input: z
      .object({
        scope: z.enum(LIVE_SWITCH_SCOPES).describe('activity, action or widget'),
        state: z.enum(['off', 'on']).describe('off: stop it; on: undo'),
        reason: z
          .string()
          .trim()
          .min(1, 'say why (reason)')
          .max(LIVE_SWITCH_REASON_MAX)
          .describe('why (required, kept in the audit log)'),
        activityCode: activityCode.optional().describe('scope activity and action'),
        action: action.optional().describe('scope action: the action family, e.g. draw'),
        route: route.optional().describe('scope widget: the page, e.g. /luckDraw'),
        widgetId: widgetId.optional().describe('scope widget: the node id in that page'),
      })
      .superRefine((input, ctx) => {
        const need = (field: 'activityCode' | 'action' | 'route' | 'widgetId') => {
          if (input[field] === undefined) {
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: `scope ${input.scope} needs ${field}`,
            });
          }
        };
        const refuse = (field: 'activityCode' | 'action' | 'route' | 'widgetId') => {
          if (input[field] !== undefined) {
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: `scope ${input.scope} takes no ${field}`,
            });
          }
        };
        if (input.scope === 'widget') {
          need('route');
          need('widgetId');
          refuse('activityCode');
          refuse('action');
        } else {
          need('activityCode');
          if (input.scope === 'action') need('action');
          else refuse('action');
          refuse('route');
          refuse('widgetId');
        }
      }),
    output: answer({ change: changeRow }),
  }),
} as const;
