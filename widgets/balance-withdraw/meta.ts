import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const balanceWithdrawMeta = {
  prerender: 'render',
  events: ['withdrawn'],
} as const satisfies WidgetMeta;
