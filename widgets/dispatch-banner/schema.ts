import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp } from '../../src/engine/document/prop-types';
import { dispatchBannerMeta } from './meta';

export const dispatchBannerProps = z.strictObject({
  activityCode: activityCodeProp,
  width: z.number().int().positive().default(750).describe('Design width of the banner image.'),
  height: z
    .number()
    .int()
    .positive()
    .default(240)
    .describe('Design height: the space kept while the call answers.'),
  errorText: z.string().min(1).max(40).default('推荐位加载失败'),
});

export const dispatchBannerWidget = defineWidget({
  type: 'dispatch-banner',
  description:
    'The dispatch banner: the first module of generalActivity.getDispatchModuleList4C for the device type (spec §3), its image linking to its jumpUrl; nothing when the list is empty.',
  props: dispatchBannerProps,
  meta: dispatchBannerMeta,
  apiCalls: () => ['generalActivity.getDispatchModuleList4C'],
  events: ['open'],
});

export type DispatchBannerProps = z.output<typeof dispatchBannerProps>;
