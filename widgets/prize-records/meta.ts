import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const prizeRecordsMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
