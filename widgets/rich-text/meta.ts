import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const richTextMeta = {
  description:
    'Rules and explanatory text: a title, paragraphs, headings and lists. Plain text only (no HTML); {{bindings}} allowed.',
} as const satisfies WidgetMeta;
