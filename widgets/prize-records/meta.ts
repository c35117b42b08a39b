import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const prizeRecordsMeta = {
  description:
    "The visitor's prizes (myPrize), newest first and paged, with loading, empty, error-with-retry and login states.",
  requiresLogin: true,
} as const satisfies WidgetMeta;
