/** Turns a call's answer into rows through the page's declared field mapping (schema.ts). */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { CAMPAIGN_TIME_ZONE } from '../../src/spec/constants';
import { isRecord, listOf, payloadOf, str } from '../_campaign-kit/api-error';
import type { DataListItemProps, DataListSource } from './schema';

export interface Row {
  key: string;
  image: string | null;
  title: string;
  subtitle: string;
  badge: string;
  /** A link (route, https or app scheme): turned into engine actions, validated again there. */
  link: string;
  actionText: string;
}

/** The value at a dot path, own properties only (a path can never reach a prototype). */
export function at(value: unknown, path: string | undefined): unknown {
  if (!path) return undefined;
  let current = value;
  for (const part of path.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return current;
}

const FORMAT = new Intl.DateTimeFormat('zh-CN', {
  timeZone: CAMPAIGN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** A time in ms or a parseable date, in Beijing time ("2025/05/01 10:30"); '' when not a time. */
export function formatTime(value: unknown): string {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  const n = Number.isFinite(ms) ? ms : Number(value);
  return Number.isFinite(n) && n > 0 ? FORMAT.format(new Date(n)) : '';
}

/** The operator's text for a raw value, own keys only ('__proto__' is just a value). */
function textOf(texts: Record<string, string>, raw: string): string {
  return Object.hasOwn(texts, raw) ? (texts[raw] ?? raw) : raw;
}

export function rowsFromAnswer(
  envelope: { result?: unknown; value?: unknown } | undefined,
  source: DataListSource,
): Row[] {
  const payload = payloadOf(envelope);
  const list = source.listKey ? at(payload, source.listKey) : listOf(payload);
  if (!Array.isArray(list)) return [];
  const { fields } = source;
  return list.flatMap((item: unknown, index) => {
    const title = str(at(item, fields.title));
    if (!title) return [];
    const image = at(item, fields.image);
    const rawBadge = str(at(item, fields.badge));
    const subtitle = [str(at(item, fields.subtitle)), formatTime(at(item, fields.time))]
      .filter(Boolean)
      .join(' · ');
    const link = str(at(item, fields.link));
    return [
      {
        key: str(at(item, fields.id)) || `${index}`,
        image: isSafeUrl(image) ? image : null,
        title,
        subtitle,
        badge: rawBadge
          ? source.badgeTemplate.replace('{value}', textOf(source.badgeTexts, rawBadge))
          : '',
        link,
        actionText: link ? (source.itemActionText ?? '') : '',
      },
    ];
  });
}

export function rowsFromItems(items: readonly DataListItemProps[]): Row[] {
  return items.map((item, index) => ({
    key: item.id ?? `${index}`,
    image: item.image ?? null,
    title: item.title,
    subtitle: item.subtitle ?? '',
    badge: item.badge ?? '',
    link: item.to ?? '',
    actionText: item.to ? (item.actionText ?? '') : '',
  }));
}
