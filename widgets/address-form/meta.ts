import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const addressFormMeta = {
  description:
    'A delivery address form (name, mainland mobile number, region, detail) with Chinese validation messages; saved through a configurable api call such as user.insertOrUpdateUserData.',
  events: ['saved'],
  requiresLogin: true,
} as const satisfies WidgetMeta;
