import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor, urlProp } from '../../src/engine/document/prop-types';
import { luckyDrawMeta } from './meta';
import { DEFAULT_SPIN_MS, GRID_SLOT_COUNT, SPIN_MS_RANGE } from './spin-constants';

const slot = z.strictObject({
  prizeId: z
    .string()
    .min(1)
    .max(64)
    .describe('The prize id the server returns (draw result `prizeId`); the slot it lands on.'),
  name: z.string().min(1).max(20).describe('Prize name shown on the slot.'),
  image: urlProp('image').optional().describe('Prize picture (square, shown at 40 × 40 px).'),
});

export const luckyDrawProps = z
  .strictObject({
    activityCode: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe("Activity code sent with every call; defaults to the page's `activity.code`."),
    mode: z
      .enum(['wheel', 'grid'])
      .default('wheel')
      .describe('"wheel": a spinning wheel under a pointer; "grid": a nine-square grid.'),
    drawCall: z
      .enum(['luckDraw', 'luckDraw.get', 'flashLuckDraw', 'youkuUserDraw'])
      .default('luckDraw')
      .describe(
        'The call that draws: generalActivity luckDraw (POST), luckDraw.get (its GET twin) or flashLuckDraw (both also send the tap `coordinates` "x,y", spec §7), or the video partner\'s youkuActivity/youkuUserDraw.',
      ),
    roundOpenText: z
      .string()
      .min(1)
      .max(40)
      .default('第{n}场进行中 · {start}–{end}')
      .describe(
        'flashLuckDraw: the open round ({n} its number, {start} and {end} Beijing times), from getFlashDrawByConfigActivityId4C.',
      ),
    roundNextText: z
      .string()
      .min(1)
      .max(40)
      .default('下一场{start}开始')
      .describe('flashLuckDraw: between rounds, the next one ({n}, {start}, {end}).'),
    roundWaitText: z
      .string()
      .min(1)
      .max(8)
      .default('等待开场')
      .describe('flashLuckDraw: button label between rounds (the server refuses a draw then).'),
    prizes: z
      .array(slot)
      .min(2)
      .max(12)
      .optional()
      .describe(
        "Slots in clockwise order from the top (grid: from the top-left cell). Omit to use the activity config's luckdrawConfig.prizes, whose order is the server's slot `index`.",
      ),
    title: z.string().max(20).optional().describe('Heading above the draw.'),
    buttonText: z.string().min(1).max(8).default('抽奖').describe('Label of the draw button.'),
    spinMs: z
      .number()
      .int()
      .min(SPIN_MS_RANGE.min)
      .max(SPIN_MS_RANGE.max)
      .default(DEFAULT_SPIN_MS)
      .describe(
        `The designed spin, tap to result when the answer is quick, ms (${SPIN_MS_RANGE.min}–${SPIN_MS_RANGE.max}): spinning, then slowing onto the prize. Visitors who ask for reduced motion see no spin.`,
      ),
    chancesText: z
      .string()
      .min(1)
      .default('剩余抽奖机会：{n}次')
      .describe('Remaining chances line; {n} is replaced by the number.'),
    noChanceText: z
      .string()
      .min(1)
      .default('抽奖机会已用完，做任务可获得更多机会')
      .describe(
        'Toast when a draw is tapped with no chance left (the `noChance` event also runs).',
      ),
    loginText: z
      .string()
      .min(1)
      .default('登录后即可抽奖')
      .describe('Shown under the draw to visitors who are not logged in.'),
    notStartedText: z.string().min(1).default('活动未开始').describe('Button label before start.'),
    endedText: z.string().min(1).default('活动已结束').describe('Button label after the end.'),
    soldOutText: z
      .string()
      .min(1)
      .default('奖品已抢光')
      .describe('Slot badge and button label when prizes are sold out.'),
    errorText: z
      .string()
      .min(1)
      .default('抽奖失败，请稍后再试')
      .describe('Toast when a draw fails; the wheel stops where it started.'),
    timeoutText: z
      .string()
      .min(1)
      .default('网络不给力，结果请稍后在“我的奖品”中查看')
      .describe('Toast when the draw request times out.'),
    resultTitle: z.string().min(1).default('恭喜您获得').describe('Prize dialog heading.'),
    thanksText: z
      .string()
      .min(1)
      .default('很遗憾，差一点就中奖了')
      .describe('Prize dialog heading for a "thanks for taking part" result.'),
    closeText: z
      .string()
      .min(1)
      .default('开心收下')
      .describe('Prize dialog close button after a prize.'),
    thanksCloseText: z
      .string()
      .min(1)
      .default('知道了')
      .describe(
        'Prize dialog close button after a "thanks for taking part" result: a neutral word, not a winner\'s.',
      ),
    myPrizesText: z.string().min(1).default('我的奖品').describe('Link to the prize records.'),
    myPrizesTarget: urlProp('webLink')
      .default('/prizeList')
      .describe('Where "my prizes" goes (a navigate action target).'),
    colors: z
      .tuple([cssColor, cssColor])
      .default(['#fff3e0', '#ffd9a8'])
      .describe('Alternating slot colours.'),
    accentColor: cssColor
      .default('#c8361a')
      .describe(
        'Draw button and highlight colour (white text on it: keep it dark enough, WCAG AA 4.5:1).',
      ),
    background: cssColor.optional().describe('Panel background colour.'),
  })
  .superRefine((props, ctx) => {
    if (props.mode === 'grid' && props.prizes && props.prizes.length !== GRID_SLOT_COUNT) {
      ctx.addIssue({
        code: 'custom',
        path: ['prizes'],
        message: `a nine-square grid needs exactly ${GRID_SLOT_COUNT} prizes`,
      });
    }
  });

export const luckyDrawWidget = defineWidget({
  type: 'lucky-draw',
  description:
    'A lucky draw as a wheel or a nine-square grid: spins while the draw request is in flight and lands on the prize the server returned, with remaining chances, a prize dialog and a link to my prizes.',
  props: luckyDrawProps,
  meta: luckyDrawMeta,
  apiCalls: (props) => [
    'configActivity.getSingleConfigActivity4c',
    'generalActivity.getRemainChance',
    'generalActivity.prizeStock',
    {
      luckDraw: 'generalActivity.luckDraw',
      'luckDraw.get': 'generalActivity.luckDraw.get',
      flashLuckDraw: 'generalActivity.flashLuckDraw',
      youkuUserDraw: 'youkuActivity.youkuUserDraw',
    }[props.drawCall],
    ...(props.drawCall === 'flashLuckDraw'
      ? ['generalActivity.getFlashDrawByConfigActivityId4C' as const]
      : []),
  ],
  events: ['draw', 'noChance'],
});

export type LuckyDrawProps = z.output<typeof luckyDrawProps>;
export type LuckyDrawSlot = z.output<typeof slot>;
