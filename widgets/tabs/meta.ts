import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const tabsMeta = {
  description:
    'A tab bar; each child node is one panel, in the order of `tabs` (child 1 is the panel of tab 1). Only the open panel is mounted.',
  acceptsChildren: true,
  events: ['change'],
} as const satisfies WidgetMeta;
