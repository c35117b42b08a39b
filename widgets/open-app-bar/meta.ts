import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const openAppBarMeta = {
  description:
    "A download / open-app bar: opens the app through a deep link with the activity's openApp settings (fail URL, download page). Hidden inside the provider's apps unless told otherwise.",
  fullBleed: true,
  events: ['open'],
} as const satisfies WidgetMeta;
