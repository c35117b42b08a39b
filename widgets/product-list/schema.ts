import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor, image, urlProp } from '../../src/engine/document/prop-types';
import { isKnownApiName } from '../../src/services/api/catalogue';
import { PRODUCT_KINDS } from './kinds';
import { productListMeta } from './meta';

/**
 * What a product is. loan, credit-card, installment and fund are the regulated kinds: a page
 * showing one must show `risk-notice` (docs/decisions/0017-compliance-risk-notice.md).
 */
export const productKind = z
  .enum(PRODUCT_KINDS)
  .describe('loan, credit-card, installment and fund need a risk-notice on the page.');
export type ProductKind = z.output<typeof productKind>;

const short = (max: number, description: string) => z.string().max(max).describe(description);

export const productItem = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .describe('Product id, sent with the `select` event.'),
  kind: productKind,
  name: z.string().min(1).max(30),
  highlight: short(16, 'The big figure: "20万", "3.85%", "0元".').optional(),
  highlightLabel: short(20, 'Under the figure: "最高可借", "七日年化".').optional(),
  rate: short(60, 'The rate or amount line: "年化利率(单利) 7.2%起".').optional(),
  tags: z.array(z.string().min(1).max(10)).max(4).default([]),
  image: image.optional().describe('Logo or card face (square or card ratio).'),
  actionText: z.string().min(1).max(8).default('立即查看'),
  link: urlProp('link')
    .optional()
    .describe('Where the action leads; absent: the widget emits `select` for the node actions.'),
});
export type ProductItem = z.output<typeof productItem>;

export const productListProps = z.strictObject({
  title: z.string().max(20).default('').describe('Heading; empty hides it.'),
  items: z
    .array(productItem)
    .max(30)
    .default([])
    .describe('Products written in the page; shown before those of `call`.'),
  call: z
    .strictObject({
      name: z
        .string()
        .refine(isKnownApiName, 'unknown api call (see docs/api.md)')
        .describe('Catalogue name of a call returning a list of products.'),
      params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      requiresLogin: z.boolean().default(false),
    })
    .optional()
    .describe(
      "Loads more products (fields id/productId, name, kind, rate, highlight, tags, link). The page's activityCode is sent when params have none.",
    ),
  kinds: z
    .array(productKind)
    .default([])
    .describe(
      'The kinds the call may return, for the compliance check (its data is not known at build time).',
    ),
  emptyText: z.string().min(1).max(40).default('暂无可申请的产品'),
  errorText: z.string().min(1).max(40).default('产品加载失败'),
  loginText: z.string().min(1).max(40).default('登录后查看专属产品'),
  loginButtonText: z.string().min(1).max(8).default('立即登录'),
  accentColor: cssColor
    .optional()
    .describe('Colour of the figures and buttons (contrast ≥ 4.5:1 on white).'),
});

export const productListWidget = defineWidget({
  type: 'product-list',
  description:
    'Bank, loan, card and wealth products (name, figure, rate line, tags, action) from the page or a call; loading, empty, error and login states.',
  props: productListProps,
  meta: productListMeta,
  events: ['select'],
  compliance: {
    promotes: (props) => [
      ...props.items.map((item) => item.kind),
      ...(props.call ? props.kinds : []),
    ],
  },
});

export type ProductListProps = z.output<typeof productListProps>;
