/** The winners of rotaryNews and rotaryNewsTop, typed by their contract (src/contracts/draw-history.ts). */
import type { ApiOutput } from '../../src/contracts';

type RotaryNews = ApiOutput<'generalActivity.rotaryNews'>;

export interface Winner {
  name: string;
  prize: string;
}

/**
 * Another visitor's name or phone is shown only as a hint. The server masks already; this masks
 * again anything that arrives unmasked, so a server slip never shows a full name or number.
 */
export function maskWinner(value: string): string {
  if (value.includes('*')) return value;
  if (/^\+?\d{7,}$/.test(value)) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  const chars = [...value];
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** The winners of a rotaryNews answer; a win without a prize name is left out. */
export function winnersOf(answer: RotaryNews | undefined): Winner[] {
  return (answer?.list ?? []).flatMap((item) => {
    const prize = item.prizeName.trim();
    if (!prize) return [];
    return [{ name: maskWinner(item.nickName.trim() || item.phone.trim()), prize }];
  });
}
