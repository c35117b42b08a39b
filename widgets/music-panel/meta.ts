import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const musicPanelMeta = {
  prerender: 'render',
  events: ['taskFinished', 'freeModeAdded'],
} as const satisfies WidgetMeta;
