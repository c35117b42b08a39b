import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const qrCardMeta = {
  prerender: 'render',
  events: ['saved', 'saveFailed'],
} as const satisfies WidgetMeta;
