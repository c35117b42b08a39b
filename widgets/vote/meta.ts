import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const voteMeta = {
  description:
    "New-product voting: the options with their vote counts and the voting rule, results after voting, and a link to each product's detail page (or one product, on a detail page).",
  events: ['voted'],
} as const satisfies WidgetMeta;
