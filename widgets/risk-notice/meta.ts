import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const riskNoticeMeta = { prerender: 'render' } as const satisfies WidgetMeta;
