/**
 * Answers of calls whose name a document gives (data-list, goods-exchange, product-list,
 * address-form, lead-form's submit, countdown's time call): the name is known only at
 * run time, so no contract types the answer. Also the answer of an upload to a pre-signed link
 * (video-upload): a storage host's, not a call of the catalogue. It is read here, through the page's field mapping
 * (a dot path the operator writes) or a short list of field names, and never trusted: every value
 * is checked for its kind, and links and images are checked again by the widget.
 */
import { isRecord, num, str } from './read';
import { at, listOf, payloadOf, pick } from './read-lists';

type Envelope = { result?: unknown; value?: unknown } | undefined;

/** The answer's payload as it came (JSON text parsed): what an event hands on. */
export function answerPayload(envelope: Envelope): unknown {
  return payloadOf(envelope);
}

/**
 * The answer's list: at the page's `listKey` (a dot path) when it names one, else the payload
 * itself or its `list` / `records` / `data`; empty when that is no list.
 */
export function configuredList(envelope: Envelope, listKey: string | undefined): unknown[] {
  const payload = payloadOf(envelope);
  const list = listKey ? at(payload, listKey) : listOf(payload);
  return Array.isArray(list) ? list : [];
}

/** One item's value at the mapping's dot path, own properties only. */
export const valueAt = (item: unknown, path: string | undefined): unknown => at(item, path);

/** One item's text at the mapping's dot path ('' when absent; a number reads as text). */
export const textAt = (item: unknown, path: string | undefined): string => str(at(item, path));

/** One item's number at the mapping's dot path (a numeric text counts); null when none. */
export function numberAt(item: unknown, path: string | undefined): number | null {
  const n = num(at(item, path), NaN);
  return Number.isFinite(n) ? n : null;
}

/**
 * A number the answer carries at `field` (a dot path), or the payload itself when it is a bare
 * number (or numeric text); null while there is no answer or it holds none.
 */
export function answerNumber(envelope: Envelope, field: string): number | null {
  if (!envelope) return null;
  const payload = payloadOf(envelope);
  const n = num(isRecord(payload) ? at(payload, field) : payload, NaN);
  return Number.isFinite(n) ? n : null;
}

/** The number at a dot path of an answer (a mutation's new balance); null when none. */
export const answerNumberAt = (envelope: Envelope, path: string): number | null =>
  numberAt(payloadOf(envelope), path);

export interface LooseProduct<K extends string> {
  id: string;
  kind: K;
  name: string;
  tags: string[];
  actionText: string;
  highlight?: string;
  highlightLabel?: string;
  rate?: string;
  link?: string;
}

/**
 * Products from a call's payload: a list at the payload, or under list/records/data/products;
 * a kind `isKind` does not know becomes `other`; links stay text, turned into actions only by
 * the widget's link check.
 */
export function productsOfAnswer<K extends string>(
  envelope: Envelope,
  isKind: (value: unknown) => value is K,
  other: K,
): LooseProduct<K>[] {
  const payload = payloadOf(envelope);
  return listOf(payload, ['list', 'records', 'data', 'products']).flatMap((raw, index) => {
    if (!isRecord(raw)) return [];
    const name = str(pick(raw, 'name', 'title', 'productName'));
    if (!name) return [];
    const tags = Array.isArray(raw.tags)
      ? raw.tags.filter((t): t is string => typeof t === 'string')
      : [];
    const link = str(pick(raw, 'link', 'jumpUrl', 'url'));
    const item: LooseProduct<K> = {
      id: str(pick(raw, 'id', 'productId')) || `item-${index}`,
      kind: isKind(raw.kind) ? raw.kind : other,
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

export interface LooseAddress {
  name: string;
  phone: string;
  region: string;
  detail: string;
}

/**
 * A saved address from address-form's `loadCall`: the payload or its `address`, under the names
 * back ends use (detail may be `address` / `detailAddress`); null when there is none.
 */
export function savedAddressOf(envelope: Envelope): LooseAddress | null {
  const payload = payloadOf(envelope);
  const record = isRecord(payload) && isRecord(payload.address) ? payload.address : payload;
  if (!isRecord(record)) return null;
  return {
    name: str(pick(record, 'name', 'userName', 'consignee')),
    phone: str(pick(record, 'phone', 'mobile')),
    region: str(pick(record, 'region', 'area')),
    detail: str(pick(record, 'detail', 'detailAddress', 'address')),
  };
}

/**
 * The answer to a file upload to a pre-signed link (spec §7: the usual envelope, `{ code, result:
 * { url, name } }`): the stored file, or the host's message when it refused.
 */
export function uploadedFileOf(
  status: number,
  body: unknown,
): { ok: true; url: string; name: string } | { ok: false; msg: string } {
  const envelope = isRecord(body) ? body : {};
  const result = isRecord(envelope.result) ? envelope.result : {};
  if (status >= 200 && status < 300 && envelope.code === 0 && typeof result.url === 'string')
    return { ok: true, url: result.url, name: str(result.name) };
  return { ok: false, msg: str(envelope.msg, `upload failed (${status})`) };
}
