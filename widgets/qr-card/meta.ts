import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const qrCardMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
