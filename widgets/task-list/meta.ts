import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const taskListMeta = {
  prerender: 'render',
  events: ['claim'],
} as const satisfies WidgetMeta;
