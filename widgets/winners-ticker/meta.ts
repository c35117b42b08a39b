import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const winnersTickerMeta = { prerender: 'render' } as const satisfies WidgetMeta;
