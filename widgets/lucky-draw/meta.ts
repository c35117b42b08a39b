import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const luckyDrawMeta = {
  description:
    'A lucky draw as a wheel or a nine-square grid: spins while the draw request is in flight and lands on the prize the server returned, with remaining chances, a prize dialog and a link to my prizes.',
  events: ['draw', 'noChance'],
} as const satisfies WidgetMeta;
