/** Turns a call's answer into rows through the page's declared field mapping (schema.ts). */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { CAMPAIGN_TIME_ZONE } from '../../src/spec/constants';
import { configuredList, textAt, valueAt } from '../_campaign-kit/loose/configured';
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
  const { fields } = source;
  return configuredList(envelope, source.listKey).flatMap((item: unknown, index) => {
    const title = textAt(item, fields.title);
    if (!title) return [];
    const image = valueAt(item, fields.image);
    const rawBadge = textAt(item, fields.badge);
    const subtitle = [textAt(item, fields.subtitle), formatTime(valueAt(item, fields.time))]
      .filter(Boolean)
      .join(' · ');
    const link = textAt(item, fields.link);
    return [
      {
        key: textAt(item, fields.id) || `${index}`,
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
