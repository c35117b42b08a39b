import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const shareEntryMeta = {
  prerender: 'render',
  callsNoApi: true,
} as const satisfies WidgetMeta;
