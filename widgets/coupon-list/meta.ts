import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const couponListMeta = {
  description:
    'Coupons of an activity with their claim state (claimable, claimed, limit reached, sold out), the per-user limit and a link to use a claimed coupon.',
  events: ['claim'],
} as const satisfies WidgetMeta;
