import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const taskListMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
