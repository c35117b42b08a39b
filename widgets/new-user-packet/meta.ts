import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const newUserPacketMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
