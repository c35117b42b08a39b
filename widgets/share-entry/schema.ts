import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { urlProp } from '../../src/engine/document/prop-types';
import { shareEntryMeta } from './meta';

export const shareEntryProps = z.strictObject({
  label: z
    .string()
    .min(1)
    .max(20)
    .default('分享给好友')
    .describe('Accessible name (and text when there is no image).'),
  image: urlProp('image')
    .optional()
    .describe("The button image; defaults to the activity's shareInfo.entryImage."),
  size: z
    .number()
    .int()
    .min(44)
    .max(160)
    .default(64)
    .describe('Width and height of the button, px.'),
  left: z
    .number()
    .min(0)
    .max(1080)
    .optional()
    .describe('Distance from the left edge, px; defaults to shareInfo.positionLeft.'),
  top: z
    .number()
    .min(0)
    .max(2000)
    .optional()
    .describe('Distance from the top, px; defaults to shareInfo.positionTop.'),
  title: z
    .string()
    .max(64)
    .optional()
    .describe("Share title; defaults to shareInfo.title, then the activity's shareTitle."),
  text: z
    .string()
    .max(200)
    .optional()
    .describe('Share description; defaults to shareInfo.content, then shareContent.'),
  url: urlProp('webLink')
    .optional()
    .describe('Link to share; defaults to this page (or shareInfo.pageUrl when shareThis is 2).'),
});

export const shareEntryWidget = defineWidget({
  type: 'share-entry',
  description:
    "A floating share button from the activity's ShareInfo (entryImage at positionLeft / positionTop), or from its own props; a tap runs the share action. Hidden when the activity does not allow sharing.",
  props: shareEntryProps,
  meta: shareEntryMeta,
  events: ['share'],
});

export type ShareEntryProps = z.output<typeof shareEntryProps>;
