import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const shareEntryMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
