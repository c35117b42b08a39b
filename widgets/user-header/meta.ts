import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const userHeaderMeta = {
  fullBleed: true,
} as const satisfies WidgetMeta;
