import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const musicPanelMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
