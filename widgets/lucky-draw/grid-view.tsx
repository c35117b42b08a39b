import type { ReactNode } from 'react';
import type { LuckyDrawSlot } from './schema';
import { GRID_CELLS } from './spin-constants';
import type { SpinView } from './use-spinner';

interface Props {
  slots: readonly LuckyDrawSlot[];
  soldOut: ReadonlySet<string>;
  soldOutText: string;
  colors: readonly [string, string];
  accentColor: string;
  view: SpinView;
  button: ReactNode;
}

/** The nine-square grid: eight prize cells around the draw button, highlighted in ring order. */
export function GridView({
  slots,
  soldOut,
  soldOutText,
  colors,
  accentColor,
  view,
  button,
}: Props) {
  return (
    <div className="w-lucky-draw__grid">
      <p className="w-lucky-draw__sr">{`奖品：${slots.map((s) => s.name).join('、')}`}</p>
      {slots.map((slot, i) => {
        const cell = GRID_CELLS[i];
        if (!cell) return null;
        const active = view.activeCell === i;
        return (
          <div
            key={`${slot.prizeId}-${i}`}
            className="w-lucky-draw__cell"
            data-slot={i}
            data-active={active}
            aria-hidden="true"
            style={{
              gridRow: cell.row,
              gridColumn: cell.col,
              background: colors[i % 2],
              ...(active ? { boxShadow: `0 0 0 3px ${accentColor}` } : {}),
            }}
          >
            {slot.image ? (
              <img src={slot.image} alt="" width={40} height={40} decoding="async" />
            ) : null}
            <span className="w-lucky-draw__slot-name">{slot.name}</span>
            {soldOut.has(slot.prizeId) ? (
              <em className="w-lucky-draw__badge">{soldOutText}</em>
            ) : null}
          </div>
        );
      })}
      <div className="w-lucky-draw__grid-center">{button}</div>
    </div>
  );
}
