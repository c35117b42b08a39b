import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const signInMeta = {
  prerender: 'render',
  events: ['signed'],
} as const satisfies WidgetMeta;
