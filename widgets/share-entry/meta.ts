import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const shareEntryMeta = {
  description:
    "A floating share button from the activity's ShareInfo (entryImage at positionLeft / positionTop), or from its own props; a tap runs the share action. Hidden when the activity does not allow sharing.",
  events: ['share'],
} as const satisfies WidgetMeta;
