import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const containerMeta = {
  acceptsChildren: true,
} as const satisfies WidgetMeta;
