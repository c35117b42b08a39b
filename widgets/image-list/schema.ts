import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { image, urlProp } from '../../src/engine/document/prop-types';
import { imageListMeta } from './meta';

const listImage = image.extend({
  link: urlProp('webLink').optional().describe('Where a tap on this image goes.'),
});

export const imageListProps = z.strictObject({
  source: z
    .enum(['props', 'activity'])
    .default('props')
    .describe('"activity" reads contentHtml from the activity config call instead of `images`.'),
  images: z.array(listImage).default([]).describe('The images, top to bottom.'),
  navList: z
    .array(
      z.strictObject({
        title: z.string().min(1),
        imageIndex: z.number().int().min(0).describe('Scrolls to this image (0-based).'),
      }),
    )
    .optional()
    .describe('spec §3 navList: a row of shortcuts to images further down.'),
  back: z
    .strictObject({
      needRandom: z.boolean().default(false).describe('Pick one background at random per visit.'),
      list: z.array(urlProp('image')).min(1).describe('Background image addresses.'),
    })
    .optional()
    .describe('spec §3 back: the page background.'),
});

export const imageListWidget = defineWidget({
  type: 'image-list',
  description:
    'The activity content of spec §3 contentHtml: a stack of full-width images, with an optional nav list and a background picked from a list (randomly when needRandom).',
  props: imageListProps,
  meta: imageListMeta,
  events: ['imageClick'],
  parts: (props) => (props.source === 'activity' ? ['content-html'] : []),
});

export type ImageListProps = z.output<typeof imageListProps>;
