import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const signInMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
