import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const countdownMeta = {
  events: ['start', 'end'],
} as const satisfies WidgetMeta;
