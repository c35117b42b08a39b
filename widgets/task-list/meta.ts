import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const taskListMeta = {
  description:
    'The activity tasks with go / claim / done states and progress; external tasks deep-link out and are re-checked when the page is visible again; rewards (chances, gold rice) are toasted and the balances refreshed.',
  events: ['claim'],
} as const satisfies WidgetMeta;
