/**
 * Reading the gold-rice calls (server/src/routes/gold-rice.ts; amounts are cents, spec §4):
 * - queryUserGoldRichSum { activityCode } → { sum }
 * - getUnReceivedGoldRiceList { activityCode } → { list: [{ bubbleId, amount, label, period }] }
 * - drawGoldRice { activityCode, bubbleId } → { bubbleId, received, sum }
 * - batchDrawGoldRice { activityCode, bubbleIds: 'a,b' } → { received, list, sum }
 * - convertGoldRich { activityCode, chances } → { chances, spent, sum, remainChance }
 * - goldRichDraw { activityCode } → { prizeName, prizeType, remainChance, … }
 */
import { isRecord, listOf, num, pick, str } from '../_campaign-kit/api-error';

export interface Bubble {
  bubbleId: string;
  amountCents: number;
  label: string;
}

/** The sum in cents: `{ sum }`, another field name, or a bare number. */
export function parseSum(payload: unknown): number {
  if (isRecord(payload)) return num(pick(payload, 'sum', 'goldRichSum', 'balance'));
  return num(payload);
}

export function parseBubbles(payload: unknown): Bubble[] {
  return listOf(payload).flatMap((item) => {
    if (!isRecord(item) || item.received === true) return [];
    const bubbleId = str(pick(item, 'bubbleId', 'id'));
    return bubbleId
      ? [
          {
            bubbleId,
            amountCents: num(pick(item, 'amount', 'amountCents')),
            label: str(item.label),
          },
        ]
      : [];
  });
}

export function parsePrizeName(payload: unknown): string {
  return isRecord(payload) ? str(pick(payload, 'prizeName', 'name')) : '';
}
