import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const openAppBarMeta = {
  fullBleed: true,
  events: ['open'],
} as const satisfies WidgetMeta;
