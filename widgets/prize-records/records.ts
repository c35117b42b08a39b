/**
 * myPrize / showPrizeListHistory answers, typed by their contract (src/contracts/draw-history.ts).
 * A prize's image is still checked: it is the operator's data, and an unsafe one is dropped.
 */
import type { ApiOutput } from '../../src/contracts';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { CAMPAIGN_TIME_ZONE } from '../../src/spec/constants';

type DrawView = ApiOutput<'generalActivity.myPrize'>['list'][number];

export interface PrizeRecord {
  key: string;
  prizeId: string;
  name: string;
  image: string | null;
  type: DrawView['prizeType'];
  status: string;
  time: number;
}

export function recordsOf(answer: ApiOutput<'generalActivity.myPrize'> | undefined): PrizeRecord[] {
  return (answer?.list ?? []).map((draw) => ({
    key: String(draw.drawId),
    prizeId: draw.prizeId,
    name: draw.prizeName,
    image: isSafeUrl(draw.prizeImage) ? draw.prizeImage : null,
    type: draw.prizeType,
    status: draw.status,
    time: draw.time,
  }));
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
