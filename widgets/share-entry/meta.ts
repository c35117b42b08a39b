import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const shareEntryMeta = {
  prerender: 'render',
  events: ['share'],
} as const satisfies WidgetMeta;
