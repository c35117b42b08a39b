import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const signInMeta = {
  description:
    "Daily sign-in: a 7-day or monthly calendar, the streak, today's state and reward, and the calendar reminder switch. Signing twice on one day is rewarded once (the server decides).",
  events: ['signed'],
} as const satisfies WidgetMeta;
