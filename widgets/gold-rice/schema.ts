import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor, urlProp } from '../../src/engine/document/prop-types';
import { goldRiceMeta } from './meta';

const copy = (fallback: string, description: string) =>
  z.string().min(1).max(40).default(fallback).describe(description);

export const goldRiceProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The gold-rice activity; defaults to the page's activity."),
  title: z.string().max(20).default('我的金米').describe('Heading; empty hides it.'),
  unit: copy('金米', 'Unit after amounts.'),
  bubbles: z.boolean().default(true).describe('Show the bubbles waiting to be collected.'),
  bubbleImage: urlProp('image')
    .optional()
    .describe('Background image of a bubble (square, 64 px).'),
  collectAllText: copy('一键领取', 'Button collecting every bubble at once.'),
  noBubblesText: copy('今日金米已领完，明天再来', 'Shown when no bubble is waiting.'),
  convert: z
    .strictObject({
      text: copy('兑换抽奖机会', 'The button.'),
      confirmText: copy('确定用金米兑换1次抽奖机会吗？', 'Asked before spending.'),
      chances: z.number().int().min(1).max(10).default(1).describe('Chances per conversion.'),
      method: z
        .enum(['POST', 'GET'])
        .default('POST')
        .describe(
          'How the conversion is sent (spec §7: POST convertGoldRich and its GET twin, one handler).',
        ),
    })
    .optional()
    .describe(
      'A button converting gold rice into draw chances (convertGoldRich); absent hides it.',
    ),
  draw: z
    .strictObject({
      text: copy('金米抽奖', 'The button.'),
      confirmText: copy('确定消耗金米抽奖一次吗？', 'Asked before spending.'),
    })
    .optional()
    .describe('A button drawing a prize paid with gold rice (goldRichDraw); absent hides it.'),
  expiringText: z
    .string()
    .min(1)
    .max(40)
    .optional()
    .describe(
      'Notice of the daily gold rice not yet collected, which expires at midnight (getUserVideoExpireGold); "{amount}" is replaced by the amount. Absent hides it.',
    ),
  loginText: copy('登录后查看金米', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  loginButton: z
    .boolean()
    .default(true)
    .describe(
      'Show the login button to visitors who are not logged in; false where another login call to action shares the screen (one per screen), leaving the line.',
    ),
  errorText: copy('金米加载失败', 'Shown when the balance cannot be loaded.'),
  notStartedText: copy('活动未开始', 'Shown on the buttons before the activity starts.'),
  endedText: copy('活动已结束', 'Shown on the buttons after the activity ends.'),
  accentColor: cssColor.optional().describe('Colour of the balance and the buttons.'),
});

export const goldRiceWidget = defineWidget({
  type: 'gold-rice',
  description:
    'The gold-rice balance (cents ÷ 100), bubbles to collect one by one or all at once, conversion into draw chances and a gold-rice draw.',
  props: goldRiceProps,
  meta: goldRiceMeta,
  apiCalls: (props) => [
    'generalActivity.queryUserGoldRichSum',
    'generalActivity.getUnReceivedGoldRiceList',
    'generalActivity.getUserVideoExpireGold',
    'generalActivity.drawGoldRice',
    'generalActivity.batchDrawGoldRice',
    props.convert?.method === 'GET'
      ? 'generalActivity.convertGoldRich.get'
      : 'generalActivity.convertGoldRich',
    'generalActivity.goldRichDraw',
    // Read again after a conversion or a draw, where the page shows them.
    'generalActivity.getRemainChance',
    'generalActivity.getFlashDrawByConfigActivityId4C',
    'generalActivity.myPrize',
  ],
  events: ['collected', 'converted', 'drawn'],
});

export type GoldRiceProps = z.output<typeof goldRiceProps>;
