import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const goldRiceMeta = {
  description:
    'The gold-rice balance (cents ÷ 100), bubbles to collect one by one or all at once, conversion into draw chances and a gold-rice draw.',
  events: ['collected', 'converted', 'drawn'],
} as const satisfies WidgetMeta;
