import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const richTextMeta = { prerender: 'render', callsNoApi: true } as const satisfies WidgetMeta;
