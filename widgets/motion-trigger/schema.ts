import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor, urlProp } from '../../src/engine/document/prop-types';
import { motionTriggerMeta } from './meta';

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

export const motionTriggerProps = z
  .strictObject({
    mode: z
      .enum(['shake', 'raiseHead'])
      .default('shake')
      .describe(
        '"shake": shaking the phone (devicemotion); "raiseHead": raising it from lying flat to upright (deviceorientation).',
      ),
    image: urlProp('image').optional().describe('An illustration above the hint (square).'),
    imageAlt: z.string().max(40).default('').describe('Its text alternative; empty: decorative.'),
    hintText: z
      .string()
      .min(1)
      .max(40)
      .optional()
      .describe('What to do; default 摇一摇手机即可抽奖 / 举起手机即可抽奖.'),
    buttonText: copy(
      '点击抽奖',
      'The button that fires the same actions: for phones without motion sensors, a refused permission, and anyone who cannot shake a phone (WCAG 2.5.4).',
      12,
    ),
    permissionText: copy(
      '开启体感抽奖',
      'The iOS button asking for motion access (needs a tap).',
      12,
    ),
    deniedText: copy('未获得体感权限，可点击按钮抽奖', 'Shown when motion access was refused.'),
    unsupportedText: copy(
      '当前设备不支持体感抽奖，请点击按钮抽奖',
      'Shown where the browser has no motion sensors.',
    ),
    busyText: copy('抽奖中…', 'Shown while the actions run.', 12),
    loginText: copy('登录后即可参与体感抽奖', 'Prompt for visitors who are not logged in.'),
    loginButtonText: copy('立即登录', 'The login button.', 12),
    threshold: z
      .number()
      .min(5)
      .max(60)
      .default(15)
      .describe('shake: acceleration (m/s², gravity removed) that counts as a jolt.'),
    jolts: z
      .number()
      .int()
      .min(1)
      .max(5)
      .default(2)
      .describe('shake: jolts within a second that make a shake (one bump is not a shake).'),
    raiseAngle: z
      .number()
      .min(30)
      .max(90)
      .default(65)
      .describe('raiseHead: the front-to-back tilt (degrees) reached from lying flat (below 30).'),
    cooldownMs: z
      .number()
      .int()
      .min(500)
      .max(10000)
      .default(1500)
      .describe('After the actions finish, motion is ignored this long.'),
    accentColor: cssColor.optional().describe('Colour of the buttons (white text: keep it dark).'),
  })
  .describe('A shake or raise-head trigger with a button fallback.');

export const motionTriggerWidget = defineWidget({
  type: 'motion-trigger',
  description:
    'Shake or raise-head trigger (devicemotion / deviceorientation, the iOS permission prompt on a tap) that runs on.trigger, e.g. a draw; a button runs the same actions on phones without motion sensors.',
  props: motionTriggerProps,
  meta: motionTriggerMeta,
  events: ['trigger'],
  requiresLogin: true,
});

export type MotionTriggerProps = z.output<typeof motionTriggerProps>;
