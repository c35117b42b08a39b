import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const shareEntryMeta = {
  events: ['share'],
} as const satisfies WidgetMeta;
