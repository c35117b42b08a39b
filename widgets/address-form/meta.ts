import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const addressFormMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
