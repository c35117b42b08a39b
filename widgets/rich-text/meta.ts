import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const richTextMeta = {} as const satisfies WidgetMeta;
