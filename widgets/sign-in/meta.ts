import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const signInMeta = {
  events: ['signed'],
} as const satisfies WidgetMeta;
