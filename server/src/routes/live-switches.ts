import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import type { ActionName } from '../config/activity-config';
import { findActivity } from '../domain/activity-guard';
import { changeSwitch, loadSwitches, switchChanges } from '../domain/live-switches';
import type { SwitchKey, SwitchRow } from '../domain/live-switches';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/** A switch as the contracts show it (src/contracts/live-switches.ts): named fields per scope. */
function shown<R extends SwitchRow>(row: R) {
  const { scope, subject, target, ...rest } = row;
  const what =
    scope === 'widget'
      ? { route: subject, widgetId: target }
      : scope === 'action'
        ? { activityCode: subject, action: target as ActionName }
        : { activityCode: subject };
  return { scope, ...what, ...rest };
}

/**
 * The operators' live switch (issue 34 item 11, decision 0042, docs/authoring.md "Stopping
 * something on a live page"):
 * - GET /mp/api/liveSwitch/list (public): what is off, for the pages; from this node's memory,
 *   no query, so every page may ask.
 * - GET /mp/api/ops/switches (operator token): what is off, with who, when and why, and the log.
 * - POST /mp/api/ops/switches (operator token): turn something off or back on, with a reason.
 */
export function registerLiveSwitchRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'liveSwitch.list',
    auth: 'none',
    handler: async () => {
      const { version, off } = ctx.switches.current;
      return ok({
        version,
        activities: off.filter((s) => s.scope === 'activity').map((s) => s.subject),
        actions: off
          .filter((s) => s.scope === 'action')
          .map((s) => ({ activityCode: s.subject, action: s.target as ActionName })),
        widgets: off
          .filter((s) => s.scope === 'widget')
          .map((s) => ({ route: s.subject, widgetId: s.target })),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'ops.switches',
    auth: 'ops',
    handler: async ({ input }) => {
      // The database's state, and the version this node acts on (equal once it has polled).
      const [state, changes] = await Promise.all([
        loadSwitches(ctx.db),
        switchChanges(ctx.db, input.limit),
      ]);
      return ok({
        version: state.version,
        nodeVersion: ctx.switches.current.version,
        off: state.off.map(shown),
        changes: changes.map(shown),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'ops.switches/change',
    auth: 'ops',
    handler: async ({ input, operator, request }) => {
      let key: SwitchKey;
      if (input.scope === 'widget') {
        // The contract refused a widget switch without route and widgetId.
        key = { scope: 'widget', subject: input.route ?? '', target: input.widgetId ?? '' };
      } else {
        // An activity the server does not know is a mistake (400), not a switch nobody reads.
        const activity = findActivity(ctx, input.activityCode ?? '');
        key = {
          scope: input.scope,
          subject: activity.activityCode,
          target: input.scope === 'action' ? (input.action ?? '') : '',
        };
      }
      const change = await changeSwitch(ctx.db, {
        ...key,
        off: input.state === 'off',
        reason: input.reason,
        operator,
      });
      // This node acts on its own change at once; the others within a poll.
      await ctx.switches.reload();
      request.log.info({ change }, 'live switch changed');
      return ok({ change: shown(change) });
    },
  });
}
