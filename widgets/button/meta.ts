import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const buttonMeta = {
  prerender: 'render',
  events: ['click'],
} as const satisfies WidgetMeta;
