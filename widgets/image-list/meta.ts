import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const imageListMeta = {
  description:
    'The activity content of spec §3 contentHtml: a stack of full-width images, with an optional nav list and a background picked from a list (randomly when needRandom).',
  fullBleed: true,
  events: ['imageClick'],
} as const satisfies WidgetMeta;
