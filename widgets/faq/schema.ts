import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { faqMeta } from './meta';

const answer = z.union([
  z.string().min(1).describe('A paragraph.'),
  z.strictObject({ list: z.array(z.string().min(1)).min(1), ordered: z.boolean().default(true) }),
]);

const item = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z][\w-]{0,39}$/, 'letters, digits, _ or -, starting with a letter')
    .optional()
    .describe('Stable id of the question (for ?faq=<id> and analytics); defaults to its index.'),
  question: z.string().min(1).max(80).describe('The question, shown on the disclosure button.'),
  answer: z.array(answer).min(1).describe('Paragraphs and lists of the answer, plain text.'),
});

export const faqProps = z
  .strictObject({
    title: z.string().max(40).optional().describe('Heading above the questions.'),
    items: z.array(item).min(1).max(60).describe('The questions and their answers, in order.'),
    single: z
      .boolean()
      .default(false)
      .describe('Opening a question closes the one open before (accordion).'),
    openParam: z
      .string()
      .regex(/^[A-Za-z_]\w{0,31}$/)
      .optional()
      .describe('A query parameter naming the question open on arrival (its id).'),
  })
  .superRefine((props, ctx) => {
    const seen = new Set<string>();
    props.items.forEach((entry, index) => {
      if (!entry.id) return;
      if (seen.has(entry.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'id'],
          message: `the id "${entry.id}" is used twice`,
        });
      }
      seen.add(entry.id);
    });
  });

export const faqWidget = defineWidget({
  type: 'faq',
  description:
    'Frequently asked questions: each question is a disclosure button (aria-expanded) that shows or hides its answer. Plain text only; optionally one open at a time, or one opened by a query parameter.',
  props: faqProps,
  meta: faqMeta,
  events: ['open'],
});

export type FaqProps = z.output<typeof faqProps>;
