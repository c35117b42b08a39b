import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const countdownMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
