import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { progressStepsMeta } from './meta';
import { STEP_STATES } from './steps';

/** A value written in the page, or a `{{binding}}` the engine resolves before the widget renders. */
const bindable = <T extends z.ZodType>(literal: T) =>
  z.union([literal, z.string().regex(/\{\{.+\}\}/, 'expected a {{binding}}')]);

const step = z.strictObject({
  key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional()
    .describe('Name of the step, matched by `current` when a call answers a step name.'),
  label: z.string().min(1).max(20).describe('Step title, e.g. "提交申请".'),
  desc: z.string().max(60).optional().describe('One line under the title; {{bindings}} allowed.'),
  done: bindable(z.boolean())
    .optional()
    .describe(
      'Whether this step is done, usually a binding such as "{{data.register.exists}}" or a count ("{{data.user.recordCount}}", done above 0). Without `current`, the first step not done is current.',
    ),
  state: bindable(z.enum(STEP_STATES))
    .optional()
    .describe(
      'This step\'s state ("done", "current", "todo") or a binding to it; wins over `current`.',
    ),
});

export const progressStepsProps = z.strictObject({
  title: z.string().max(30).optional().describe('Heading above the steps.'),
  steps: z.array(step).min(1).max(10).describe('The steps in order.'),
  current: bindable(z.number().int().min(0).max(10))
    .optional()
    .describe(
      'Index (from 0) of the current step: steps before it are done, after it todo; a number at or past the last step marks every step done. Or a binding, e.g. "{{data.flow.step|0}}", resolving to an index or a step `key`. Absent: the first step not `done` (the first step when none says).',
    ),
  orientation: z
    .enum(['horizontal', 'vertical'])
    .default('horizontal')
    .describe('Steps side by side (up to 5 fit at 375 px) or one under another.'),
  doneText: z.string().min(1).max(10).default('已完成').describe('State read for done steps.'),
  currentText: z.string().min(1).max(10).default('进行中').describe('State of the current step.'),
  todoText: z.string().min(1).max(10).default('未开始').describe('State of steps to come.'),
  accentColor: cssColor.optional().describe('Colour of done and current markers.'),
});

export const progressStepsWidget = defineWidget({
  type: 'progress-steps',
  description:
    "Steps of a process (apply → review → paid…) with done, current and todo states, from props or from bound data (`current` or each step's `state` as a {{binding}}).",
  props: progressStepsProps,
  meta: progressStepsMeta,
  events: [],
});

export type ProgressStepsProps = z.output<typeof progressStepsProps>;
