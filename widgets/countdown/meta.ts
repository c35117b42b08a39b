import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const countdownMeta = {
  prerender: 'render',
  events: ['start', 'end'],
} as const satisfies WidgetMeta;
