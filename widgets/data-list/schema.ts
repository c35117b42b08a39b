import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp, cssColor, urlProp } from '../../src/engine/document/prop-types';
import { isKnownApiName } from '../../src/services/api/catalogue';
import { dataListMeta } from './meta';

/** A dot path into one item of the call's list ("prizeName", "goods.image"). */
const fieldPath = z
  .string()
  .regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 'expected a field name such as "prizeName"')
  .refine((path) => !path.split('.').some((part) => part === '__proto__'), 'not a field name');

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

export const dataListItem = z.strictObject({
  id: z.string().min(1).max(64).optional().describe('Stable key; the index when absent.'),
  image: urlProp('image').optional(),
  title: z.string().min(1).max(60),
  subtitle: z.string().max(120).optional(),
  badge: z.string().max(12).optional(),
  to: urlProp('link').optional().describe('Where tapping the item (or its button) goes.'),
  actionText: z
    .string()
    .min(1)
    .max(8)
    .optional()
    .describe('Button label; the item itself is the link when absent.'),
});

export const dataListSource = z
  .strictObject({
    call: z
      .string()
      .refine(isKnownApiName, 'not a call of the API catalogue (src/services/api/catalogue.ts)')
      .describe('Catalogue name of the call answering the list, e.g. "generalActivity.myPrize".'),
    params: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .default({})
      .describe(
        'Extra parameters (values may hold {{bindings}}, e.g. "{{query.id}}"); `activityCode` is the page activity unless given here.',
      ),
    listKey: fieldPath
      .optional()
      .describe(
        'Where the list is in the result; the result itself or its list/records/data field when absent.',
      ),
    requiresLogin: z
      .boolean()
      .default(false)
      .describe('The call is about the visitor: not sent when logged out, a login prompt instead.'),
    paging: z
      .enum(['limit', 'none'])
      .default('none')
      .describe(
        'limit: "more" asks again with a larger `limit`; none: the call answers everything.',
      ),
    fields: z
      .strictObject({
        id: fieldPath.optional(),
        image: fieldPath.optional(),
        title: fieldPath,
        subtitle: fieldPath.optional(),
        badge: fieldPath.optional(),
        time: fieldPath.optional().describe('A time in ms (or an ISO date) shown in Beijing time.'),
        link: fieldPath.optional().describe('A link in the item (route, https or app scheme).'),
      })
      .describe('Which field of each item fills which part of the row.'),
    badgeTexts: z
      .record(z.string(), z.string().min(1).max(12))
      .default({})
      .describe('Text shown for a raw badge value (e.g. {"unpaid": "待领取"}).'),
    badgeTemplate: z
      .string()
      .min(1)
      .max(20)
      .default('{value}')
      .describe('How a badge value is shown, e.g. "{value}积分" (after `badgeTexts`).'),
    itemActionText: z
      .string()
      .min(1)
      .max(8)
      .optional()
      .describe('Button label on items that have a link.'),
  })
  .describe('A list answered by a catalogue call.');

export const dataListProps = z
  .strictObject({
    title: z.string().max(20).default('').describe('Heading; empty hides it.'),
    layout: z
      .enum(['list', 'grid', 'rank'])
      .default('list')
      .describe('Rows; two-column cards; or rows numbered from 1 (rank lists).'),
    activityCode: activityCodeProp,
    source: dataListSource.optional(),
    items: z.array(dataListItem).max(100).optional().describe('A fixed list (when no `source`).'),
    pageSize: z.number().int().min(3).max(50).default(10).describe('Items shown before "more".'),
    emptyText: copy('暂无内容', 'Shown when the list is empty.'),
    errorText: copy('加载失败，请稍后再试', 'Shown when the call fails (with a retry button).'),
    loginText: copy('登录后查看', 'Prompt when the source requires login.'),
    loginButtonText: copy('立即登录', 'The login button.', 8),
    moreText: copy('加载更多', 'Next page button.', 8),
    accentColor: cssColor.optional().describe('Colour of badges and buttons.'),
  })
  .refine((p) => (p.source === undefined) !== (p.items === undefined), {
    message: 'give either `source` (a call) or `items` (a fixed list), not both',
  });

export const dataListWidget = defineWidget({
  type: 'data-list',
  description:
    'A list bound to a catalogue call (fields mapped by `source.fields`) or to fixed items: image, title, subtitle, badge and a link per item; paging, empty, error-with-retry and login states. Notices, prize showcases, rank and weekly lists, goods, cinemas.',
  props: dataListProps,
  meta: dataListMeta,
  events: ['select'],
});

export type DataListProps = z.output<typeof dataListProps>;
export type DataListItemProps = z.output<typeof dataListItem>;
export type DataListSource = z.output<typeof dataListSource>;
