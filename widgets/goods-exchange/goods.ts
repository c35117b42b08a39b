/** Goods and balances from the configured calls' answers (schema.ts field mappings). */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { isRecord, listOf, num, payloadOf, str } from '../_campaign-kit/api-error';
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

/** The value at a dot path, own properties only. */
export function at(value: unknown, path: string | undefined): unknown {
  if (!path) return undefined;
  let current = value;
  for (const part of path.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return current;
}

/** The balance in the unit shown; null while unknown. */
export function balanceOf(envelope: Envelope, field: string, divisor: number): number | null {
  if (!envelope) return null;
  const payload = payloadOf(envelope);
  const raw = isRecord(payload) ? at(payload, field) : payload;
  const n = num(raw, NaN);
  return Number.isFinite(n) ? n / divisor : null;
}

export function goodsFromAnswer(envelope: Envelope, props: GoodsExchangeProps): Goods[] {
  const { goodsSource: source, balance } = props;
  const payload = payloadOf(envelope);
  const list = source.listKey ? at(payload, source.listKey) : listOf(payload);
  if (!Array.isArray(list)) return [];
  const f = source.fields;
  return list.flatMap((item: unknown) => {
    const goodsId = str(at(item, f.id));
    const name = str(at(item, f.name));
    const cost = num(at(item, f.cost), NaN);
    if (!goodsId || !name || !Number.isFinite(cost)) return [];
    const image = at(item, f.image);
    const limit = num(at(item, f.limit), NaN);
    return [
      {
        goodsId,
        name,
        desc: str(at(item, f.desc)),
        image: isSafeUrl(image) ? image : null,
        cost: cost / balance.divisor,
        soldOut: at(item, f.soldOut) === true,
        exchanged: num(at(item, f.exchanged)),
        limit: Number.isFinite(limit) && limit > 0 ? limit : null,
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
