import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const buttonMeta = {
  events: ['click'],
} as const satisfies WidgetMeta;
