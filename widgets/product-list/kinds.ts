/** Product kinds (run-time constant, shared by the schema and the payload reader). */
export const PRODUCT_KINDS = [
  'loan',
  'credit-card',
  'installment',
  'fund',
  'wealth',
  'deposit',
  'bank-card',
  'other',
] as const;
export type ProductKindName = (typeof PRODUCT_KINDS)[number];

export function isProductKind(value: unknown): value is ProductKindName {
  return typeof value === 'string' && (PRODUCT_KINDS as readonly string[]).includes(value);
}
