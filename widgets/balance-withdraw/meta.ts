import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const balanceWithdrawMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
