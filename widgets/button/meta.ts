import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const buttonMeta = {
  description:
    'A button that runs its `on.click` actions; locked while they run so a second tap sends nothing.',
  events: ['click'],
} as const satisfies WidgetMeta;
