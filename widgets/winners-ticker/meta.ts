import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const winnersTickerMeta = {} as const satisfies WidgetMeta;
