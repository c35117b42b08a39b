import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const taskListMeta = {
  events: ['claim'],
} as const satisfies WidgetMeta;
