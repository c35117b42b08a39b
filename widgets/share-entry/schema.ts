import { z } from 'zod';
import { defineWidget, type FloatingPlacement } from '../../src/engine/registry/widget-definition';
import { urlProp } from '../../src/engine/document/prop-types';
import { shareEntryMeta } from './meta';

export const shareEntryProps = z
  .strictObject({
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
    placement: z
      .enum(['dock', 'free'])
      .default('dock')
      .describe(
        "`dock`: the bottom right of the page's safe zone, which the page reserves below its content, so the button never covers content at the end of the page. `free`: at `left` / `top` (or the activity's shareInfo.positionLeft / positionTop); the validator warns when that box covers content at 320, 375 or 414 px.",
      ),
    left: z
      .number()
      .min(0)
      .max(1080)
      .optional()
      .describe(
        'With placement "free": distance from the left edge, px; defaults to shareInfo.positionLeft.',
      ),
    top: z
      .number()
      .min(0)
      .max(2000)
      .optional()
      .describe(
        'With placement "free": distance from the top, px; defaults to shareInfo.positionTop.',
      ),
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
  })
  .refine((p) => p.placement === 'free' || (p.left === undefined && p.top === undefined), {
    message:
      'left and top place the button freely: add "placement": "free" (or drop them to dock it)',
    path: ['placement'],
  });

export const shareEntryWidget = defineWidget({
  type: 'share-entry',
  description:
    "A floating share button, docked at the bottom right of the page's safe zone (or placed freely at the activity's ShareInfo positionLeft / positionTop, or its own), with the activity's entryImage or its label; a tap runs the share action. Hidden when the activity does not allow sharing.",
  props: shareEntryProps,
  meta: shareEntryMeta,
  events: ['share'],
  // issue 33: docked, the page reserves the button's space; placed freely, the validator checks
  // its box; without left and top, ShareInfo places it at run time.
  floating: (props): FloatingPlacement =>
    props.placement === 'dock'
      ? { kind: 'dock', height: props.size }
      : props.left !== undefined && props.top !== undefined
        ? { kind: 'box', left: props.left, top: props.top, width: props.size, height: props.size }
        : { kind: 'runtime' },
});

export type ShareEntryProps = z.output<typeof shareEntryProps>;
