import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { richTextMeta } from './meta';

const block = z.union([
  z.string().describe('A paragraph.'),
  z.strictObject({ heading: z.string().min(1) }),
  z.strictObject({ list: z.array(z.string()).min(1), ordered: z.boolean().default(true) }),
]);

export const richTextProps = z.strictObject({
  title: z.string().optional(),
  content: z.array(block).min(1).describe('Paragraphs, headings and lists in order.'),
  color: cssColor.optional(),
  background: cssColor.optional(),
});

export const richTextWidget = defineWidget({
  type: 'rich-text',
  description:
    'Rules and explanatory text: a title, paragraphs, headings and lists. Plain text only (no HTML); {{bindings}} allowed.',
  props: richTextProps,
  meta: richTextMeta,
});

export type RichTextProps = z.output<typeof richTextProps>;
