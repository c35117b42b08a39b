import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp, cssColor, image } from '../../src/engine/document/prop-types';
import { winnersTickerMeta } from './meta';

export const winnersTickerProps = z.strictObject({
  activityCode: activityCodeProp,
  call: z
    .enum(['rotaryNews', 'rotaryNewsTop'])
    .default('rotaryNews')
    .describe('generalActivity call: every recent winner, or only the top (physical) prizes.'),
  limit: z.number().int().min(3).max(50).default(20).describe('How many winners to fetch.'),
  template: z
    .string()
    .min(1)
    .default('恭喜{name}抽中{prize}')
    .describe('One line; {name} is the masked winner, {prize} the prize name.'),
  prizeNames: z
    .record(z.string(), z.string().min(1).max(30))
    .default({})
    .describe('Display names by server prize name, replacing them.'),
  intervalMs: z
    .number()
    .int()
    .min(1500)
    .max(10000)
    .default(3000)
    .describe('Time each line stays before the next scrolls in, ms.'),
  staticRows: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(5)
    .describe('Lines shown as a static list when the visitor prefers reduced motion.'),
  title: z
    .string()
    .max(10)
    .default('中奖播报')
    .describe('Label before the ticker; empty hides it.'),
  icon: image.optional().describe('Small icon before the ticker.'),
  emptyText: z.string().min(1).default('快来参与，好运等你').describe('Shown without winners.'),
  errorText: z.string().min(1).default('中奖播报加载失败').describe('Shown when the call fails.'),
  color: cssColor.optional().describe('Text colour.'),
  background: cssColor.optional().describe('Background colour.'),
});

export const winnersTickerWidget = defineWidget({
  type: 'winners-ticker',
  description:
    'Recent winners (rotaryNews) with masked names in a vertical ticker; a static list for visitors who prefer reduced motion.',
  props: winnersTickerProps,
  meta: winnersTickerMeta,
  apiCalls: (props) => [`generalActivity.${props.call}`],
});

export type WinnersTickerProps = z.output<typeof winnersTickerProps>;
