import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { initialTab } from './initial-tab';
import { tabsMeta } from './meta';

export const tabsProps = z.strictObject({
  tabs: z
    .array(
      z.strictObject({
        title: z.string().min(1).max(12).describe('The tab label, also its accessible name.'),
        badge: z.string().max(6).optional().describe('A small mark beside the label, e.g. "新".'),
      }),
    )
    .min(2)
    .max(6)
    .describe('The tabs, left to right; child node N is the panel of tab N.'),
  defaultIndex: z.number().int().min(0).default(0).describe('The tab open on arrival (0-based).'),
  sticky: z.boolean().default(false).describe('Keep the tab bar at the top while scrolling.'),
  activeColor: cssColor.optional().describe('Colour of the open tab and its underline.'),
  background: cssColor.optional().describe('Background of the tab bar.'),
});

export const tabsWidget = defineWidget({
  type: 'tabs',
  description:
    'A tab bar; each child node is one panel, in the order of `tabs` (child 1 is the panel of tab 1). Only the open panel is mounted.',
  props: tabsProps,
  meta: tabsMeta,
  events: ['change'],
  initialChildren: (props) => [initialTab(props)],
});

export type TabsProps = z.output<typeof tabsProps>;
