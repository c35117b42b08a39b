/**
 * The installment calls' answers (amounts in cents), typed by their contracts
 * (src/contracts/installment.ts); the widget reads them as they are.
 */
import type { ApiOutput } from '../../src/contracts';

export type Product = ApiOutput<'installment.getProductInfos'>['list'][number];
type UserAnswer = ApiOutput<'installment.getUserInfo'>;
export type UserCredit = Pick<
  UserAnswer,
  'creditLimit' | 'creditAvailable' | 'subsidyCap' | 'subsidyEarned' | 'recordCount'
>;
type HistoryAnswer = ApiOutput<'installment.getSavedHistory'>;

export interface CreditRecord {
  /** As the page's `recordId` prop names it. */
  recordId: string;
  productId: string;
  amount: number;
  term: number;
  saved: number;
  createTime: number;
}

/** A product configured without terms offers the usual 12 months. */
export function productsOf(
  answer: ApiOutput<'installment.getProductInfos'> | undefined,
): Product[] {
  return (answer?.list ?? []).map((item) =>
    item.terms.length > 0 ? item : { ...item, terms: [12] },
  );
}

export function creditOf(answer: UserAnswer | undefined): UserCredit | null {
  return answer ?? null;
}

export function recordsOf(answer: HistoryAnswer | undefined): {
  total: number;
  list: CreditRecord[];
} {
  const list = (answer?.list ?? []).map((item) => ({ ...item, recordId: String(item.recordId) }));
  return { total: answer?.total ?? list.length, list };
}

export function reachedLimit(answer: ApiOutput<'installment.reachLimit'> | undefined): boolean {
  return answer?.reachLimit === true;
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
export function formatTime(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}
