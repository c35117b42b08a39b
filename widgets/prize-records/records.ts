/** myPrize / showPrizeListHistory answers (server/src/routes/draw-history.ts drawView). */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { payloadOf } from '../../src/services/api/special-cases';
import { CAMPAIGN_TIME_ZONE } from '../../src/spec/constants';
import type { ApiEnvelope } from '../../src/services/types';

export interface PrizeRecord {
  key: string;
  prizeId: string;
  name: string;
  image: string | null;
  type: string;
  status: string;
  time: number | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function parseRecords(envelope: ApiEnvelope | undefined): PrizeRecord[] {
  const data = envelope ? payloadOf(envelope) : null;
  const list: unknown[] = Array.isArray(data)
    ? data
    : isRecord(data) && Array.isArray(data.list)
      ? data.list
      : [];
  return list.flatMap((item, index) => {
    if (!isRecord(item)) return [];
    const time = Number(item.time ?? item.createTime);
    const image = item.prizeImage ?? item.image;
    return [
      {
        key: text(item.drawId) || `${index}`,
        prizeId: text(item.prizeId),
        name: text(item.prizeName) || text(item.name),
        image: isSafeUrl(image) ? image : null,
        type: text(item.prizeType),
        status: text(item.status),
        time: Number.isFinite(time) && time > 0 ? time : null,
      },
    ];
  });
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

/** Campaign (Beijing) time, e.g. "2025/05/01 10:30". */
export function formatTime(ms: number): string {
  return FORMAT.format(new Date(ms));
}
