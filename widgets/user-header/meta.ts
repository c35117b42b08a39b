import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const userHeaderMeta = {
  description:
    "The visitor's nickname and avatar (userInfo), or a login button for visitors who are not logged in.",
  fullBleed: true,
} as const satisfies WidgetMeta;
