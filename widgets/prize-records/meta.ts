import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const prizeRecordsMeta = {
  prerender: 'render',
  requiresLogin: true,
} as const satisfies WidgetMeta;
