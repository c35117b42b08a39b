import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const richTextMeta = { prerender: 'render' } as const satisfies WidgetMeta;
