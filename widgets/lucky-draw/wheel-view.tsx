import type { ReactNode } from 'react';
import type { LuckyDrawSlot } from './schema';
import type { SpinView } from './use-spinner';

interface Props {
  slots: readonly LuckyDrawSlot[];
  soldOut: ReadonlySet<string>;
  soldOutText: string;
  colors: readonly [string, string];
  view: SpinView;
  button: ReactNode;
}

/** The wheel: slot i is centred at i × 360/n degrees, clockwise from the pointer at the top. */
export function WheelView({ slots, soldOut, soldOutText, colors, view, button }: Props) {
  const segment = 360 / slots.length;
  // Colours were narrowed by the schema (cssColor): nothing but a colour reaches the style.
  const stops = slots
    .map((_, i) => `${colors[i % 2]} ${i * segment}deg ${(i + 1) * segment}deg`)
    .join(', ');
  return (
    <div className="w-lucky-draw__wheel-wrap">
      <div
        className="w-lucky-draw__wheel"
        data-angle={view.angle}
        role="img"
        aria-label={`奖品：${slots.map((s) => s.name).join('、')}`}
        style={{
          transform: `rotate(${view.angle}deg)`,
          transition: view.transition,
          background: `conic-gradient(from ${-segment / 2}deg, ${stops})`,
        }}
      >
        {slots.map((slot, i) => (
          <div
            key={`${slot.prizeId}-${i}`}
            className="w-lucky-draw__wheel-slot"
            data-slot={i}
            aria-hidden="true"
            style={{ transform: `rotate(${i * segment}deg)` }}
          >
            <span className="w-lucky-draw__slot-name">{slot.name}</span>
            {slot.image ? (
              <img src={slot.image} alt="" width={40} height={40} decoding="async" />
            ) : null}
            {soldOut.has(slot.prizeId) ? (
              <em className="w-lucky-draw__badge">{soldOutText}</em>
            ) : null}
          </div>
        ))}
      </div>
      <div className="w-lucky-draw__pointer" aria-hidden="true" />
      <div className="w-lucky-draw__center">{button}</div>
    </div>
  );
}
