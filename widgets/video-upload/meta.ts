import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const videoUploadMeta = {
  description:
    'The player-guide video contest: "upload" picks a video (type, size and duration checked on the device), uploads it with a progress bar and submits it with a title and cover under the daily limit; "mine" lists my submissions; "gallery" lists every guide with a like button (one like per guide).',
  events: ['submitted', 'liked'],
} as const satisfies WidgetMeta;
