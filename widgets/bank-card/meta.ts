import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const bankCardMeta = {
  prerender: 'render',
  events: ['bound'],
} as const satisfies WidgetMeta;
