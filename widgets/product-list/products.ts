/**
 * Reads products from a call's payload leniently (server data is untrusted): a list at the
 * payload, or under list/records/data/products; unknown kinds become 'other'; links are kept as
 * strings and turned into actions only through linkActions.
 */
import { isRecord, listOf, pick, str } from '../_campaign-kit/api-error';
import { isProductKind } from './kinds';
import type { ProductItem } from './schema';

export function parseProducts(payload: unknown): ProductItem[] {
  return listOf(payload, ['list', 'records', 'data', 'products']).flatMap((raw, index) => {
    if (!isRecord(raw)) return [];
    const name = str(pick(raw, 'name', 'title', 'productName'));
    if (!name) return [];
    const tags = Array.isArray(raw.tags) ? raw.tags.filter((t) => typeof t === 'string') : [];
    const link = str(pick(raw, 'link', 'jumpUrl', 'url'));
    const item: ProductItem = {
      id: str(pick(raw, 'id', 'productId')) || `item-${index}`,
      kind: isProductKind(raw.kind) ? raw.kind : 'other',
      name,
      tags: tags.slice(0, 4),
      actionText: str(raw.actionText) || '立即查看',
    };
    const highlight = str(pick(raw, 'highlight', 'amount'));
    if (highlight) item.highlight = highlight;
    const highlightLabel = str(raw.highlightLabel);
    if (highlightLabel) item.highlightLabel = highlightLabel;
    const rate = str(pick(raw, 'rate', 'desc'));
    if (rate) item.rate = rate;
    if (link) item.link = link;
    return [item];
  });
}
