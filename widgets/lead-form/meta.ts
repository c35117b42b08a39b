import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const leadFormMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
