import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const newUserPacketMeta = {
  prerender: 'render',
  events: ['opened', 'collected', 'inviteOpened'],
  requiresLogin: true,
} as const satisfies WidgetMeta;
