import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const countdownMeta = {
  description:
    "A countdown to the activity's start or end on server time (not only the phone clock), with not-started / live / ended states.",
  events: ['start', 'end'],
} as const satisfies WidgetMeta;
