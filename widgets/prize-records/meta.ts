import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const prizeRecordsMeta = {
  requiresLogin: true,
} as const satisfies WidgetMeta;
