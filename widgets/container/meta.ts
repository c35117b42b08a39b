import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const containerMeta = {
  description: 'Lays out child nodes in a column or a row, with spacing and a background.',
  acceptsChildren: true,
} as const satisfies WidgetMeta;
