import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const goldRiceMeta = {
  events: ['collected', 'converted', 'drawn'],
} as const satisfies WidgetMeta;
