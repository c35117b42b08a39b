/** The contract-phone answers (src/contracts/contract-phones.ts) as the widget shows them. */
import type { ApiOutput } from '../../src/contracts';

export type Offer = ApiOutput<'contractPhone.offers'>;
export type Phone = Offer['phones'][number];
export type Quote = Phone['quotes'][number];
export type Plan = Offer['plans'][number];

/** Cents as yuan: whole yuan without decimals, else two. */
export const yuan = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

/** The lowest contract price and the largest subsidy of a phone over its plans. */
export function bestOf(phone: Phone): { lowest: number; most: number } {
  const prices = phone.quotes.map((q) => q.contractPriceCents);
  const subsidies = phone.quotes.map((q) => q.totalSubsidyCents);
  return {
    lowest: prices.length ? Math.min(...prices) : phone.priceCents,
    most: subsidies.length ? Math.max(...subsidies) : 0,
  };
}

/** Replaces each {name} of the template. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
