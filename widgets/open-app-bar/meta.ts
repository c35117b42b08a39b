import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const openAppBarMeta = {
  prerender: 'render',
  fullBleed: true,
} as const satisfies WidgetMeta;
