import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const bankCardMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
