import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const winnersTickerMeta = {
  description:
    'Recent winners (rotaryNews) with masked names in a vertical ticker; a static list for visitors who prefer reduced motion.',
} as const satisfies WidgetMeta;
