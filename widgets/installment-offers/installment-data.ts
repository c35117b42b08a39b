/**
 * Reading the installment calls as server/src/routes/installment.ts answers them (amounts in
 * cents), leniently:
 * - getProductInfos { activityCode } → { list: [{ productId, name, desc, terms, minCents,
 *   maxCents, subsidyBps, reminded }] }
 * - getUserInfo → { creditLimit, creditUsed, creditAvailable, subsidyCap, subsidyEarned, recordCount }
 * - getSavedHistory { page, pageSize } → { total, list: [{ recordId, productId, amount, term,
 *   saved, createTime }] }
 * - reachLimit → { reachLimit, creditFull, subsidyEarned, subsidyCap }
 */
import { isRecord, listOf, num, pick, str } from '../_campaign-kit/api-error';

export interface Product {
  productId: string;
  name: string;
  desc: string;
  terms: number[];
  minCents: number;
  maxCents: number;
  subsidyBps: number;
  reminded: boolean;
}

export interface UserCredit {
  creditLimit: number;
  creditAvailable: number;
  subsidyCap: number;
  subsidyEarned: number;
  recordCount: number;
}

export interface CreditRecord {
  recordId: string;
  productId: string;
  amount: number;
  term: number;
  saved: number;
  createTime: number | null;
}

export function parseProducts(payload: unknown): Product[] {
  return listOf(payload, ['list', 'products']).flatMap((item) => {
    if (!isRecord(item)) return [];
    const productId = str(pick(item, 'productId', 'id'));
    if (!productId) return [];
    const terms = Array.isArray(item.terms)
      ? item.terms.map((t) => num(t)).filter((t) => t > 0)
      : [];
    return [
      {
        productId,
        name: str(pick(item, 'name', 'productName')),
        desc: str(item.desc),
        terms: terms.length > 0 ? terms : [12],
        minCents: num(pick(item, 'minCents', 'minAmount'), 1),
        maxCents: num(pick(item, 'maxCents', 'maxAmount'), 0),
        subsidyBps: num(item.subsidyBps),
        reminded: item.reminded === true || item.reminded === 1,
      },
    ];
  });
}

export function parseUser(payload: unknown): UserCredit | null {
  if (!isRecord(payload)) return null;
  return {
    creditLimit: num(payload.creditLimit),
    creditAvailable: num(payload.creditAvailable),
    subsidyCap: num(payload.subsidyCap),
    subsidyEarned: num(payload.subsidyEarned),
    recordCount: num(payload.recordCount),
  };
}

export function parseRecords(payload: unknown): { total: number; list: CreditRecord[] } {
  const list = listOf(payload, ['list', 'records']).flatMap((item) => {
    if (!isRecord(item)) return [];
    const recordId = str(pick(item, 'recordId', 'id'));
    if (!recordId) return [];
    const time = pick(item, 'createTime', 'createdAt');
    return [
      {
        recordId,
        productId: str(item.productId),
        amount: num(pick(item, 'amount', 'amountCents')),
        term: num(pick(item, 'term', 'termMonths')),
        saved: num(pick(item, 'saved', 'subsidy')),
        createTime: typeof time === 'number' ? time : null,
      },
    ];
  });
  const total = isRecord(payload) ? num(payload.total, list.length) : list.length;
  return { total, list };
}

export function reachedLimit(payload: unknown): boolean {
  return isRecord(payload) && payload.reachLimit === true;
}

/** Cents as yuan with two decimals, thousands grouped: 123456 → "1,234.56". */
export function yuan(cents: number): string {
  const fixed = (Math.round(cents) / 100).toFixed(2);
  const [int = '0', dec = '00'] = fixed.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** The subsidy a credit would earn: the product's rate, within what is left of the cap. */
export function estimateSubsidy(
  amountCents: number,
  product: Product,
  user: UserCredit | null,
): number {
  const nominal = Math.floor((amountCents * product.subsidyBps) / 10_000);
  if (!user) return nominal;
  return Math.max(0, Math.min(nominal, user.subsidyCap - user.subsidyEarned));
}

/** A date in Beijing time (the campaign's), as the records show it: 2026-03-01 10:05. */
export function formatTime(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}
