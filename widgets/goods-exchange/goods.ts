/** Goods and balances from the configured calls' answers (schema.ts field mappings). */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import {
  answerNumber,
  answerNumberAt,
  configuredList,
  numberAt,
  textAt,
  valueAt,
} from '../_campaign-kit/loose/configured';
import type { GoodsExchangeProps } from './schema';

export interface Goods {
  goodsId: string;
  name: string;
  desc: string;
  image: string | null;
  /** In the unit shown (balance divisor applied). */
  cost: number;
  soldOut: boolean;
  exchanged: number;
  /** Most units per user; null when the source does not say. */
  limit: number | null;
  params: Record<string, string | number | boolean>;
}

type Envelope = { result?: unknown; value?: unknown } | undefined;

/** The balance in the unit shown; null while unknown. */
export function balanceOf(envelope: Envelope, field: string, divisor: number): number | null {
  const n = answerNumber(envelope, field);
  return n === null ? null : n / divisor;
}

/** The balance a successful exchange answers at `field`, in the unit shown; null when none. */
export function balanceAfter(envelope: Envelope, field: string, divisor: number): number | null {
  const n = answerNumberAt(envelope, field);
  return n === null ? null : n / divisor;
}

/** The goods of the configured call's answer, through the page's field mapping (schema.ts). */
export function goodsFromAnswer(envelope: Envelope, props: GoodsExchangeProps): Goods[] {
  const { goodsSource: source, balance } = props;
  const f = source.fields;
  return configuredList(envelope, source.listKey).flatMap((item: unknown) => {
    const goodsId = textAt(item, f.id);
    const name = textAt(item, f.name);
    const cost = numberAt(item, f.cost);
    if (!goodsId || !name || cost === null) return [];
    const image = valueAt(item, f.image);
    const limit = numberAt(item, f.limit);
    return [
      {
        goodsId,
        name,
        desc: textAt(item, f.desc),
        image: isSafeUrl(image) ? image : null,
        cost: cost / balance.divisor,
        soldOut: valueAt(item, f.soldOut) === true,
        exchanged: numberAt(item, f.exchanged) ?? 0,
        limit: limit !== null && limit > 0 ? limit : null,
        params: {},
      },
    ];
  });
}

export function fixedGoodsOf(props: GoodsExchangeProps): Goods[] {
  return (props.goods ?? []).map((g) => ({
    goodsId: g.goodsId,
    name: g.name,
    desc: g.desc,
    image: g.image ?? null,
    cost: g.cost,
    soldOut: false,
    exchanged: 0,
    limit: null,
    params: g.params,
  }));
}

export type GoodsState = 'available' | 'lack' | 'soldOut' | 'limit';

export function goodsState(goods: Goods, balance: number | null): GoodsState {
  if (goods.soldOut) return 'soldOut';
  if (goods.limit !== null && goods.exchanged >= goods.limit) return 'limit';
  if (balance !== null && balance < goods.cost) return 'lack';
  return 'available';
}

/** "12", "0.5": at most two decimals, no trailing zeros. */
export function amount(n: number): string {
  return String(Math.round(n * 100) / 100);
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] ?? '') : whole,
  );
}
