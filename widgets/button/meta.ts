import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const buttonMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
