import { useId, useRef } from 'react';
import { useFocusTrap } from '../../src/ui/use-focus-trap';
import type { DrawResult } from './draw-result';

interface Props {
  result: DrawResult;
  title: string;
  thanksText: string;
  closeText: string;
  thanksCloseText: string;
  myPrizesText: string;
  onClose: () => void;
  onMyPrizes: () => void;
}

/** The prize of a draw in a modal: focus trapped inside, Escape closes, focus returns after. */
export function PrizeDialog(props: Props) {
  const { result, onClose } = props;
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, onClose);
  const thanks = result.type === 'thanks';
  return (
    <div className="w-lucky-draw__mask">
      <div
        ref={ref}
        className="w-lucky-draw__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="w-lucky-draw__dialog-title">
          {thanks ? props.thanksText : props.title}
        </h2>
        {result.image ? (
          <img
            className="w-lucky-draw__dialog-image"
            src={result.image}
            alt=""
            width={120}
            height={120}
          />
        ) : null}
        <p className="w-lucky-draw__dialog-name">{result.name}</p>
        <div className="w-lucky-draw__dialog-actions">
          <button type="button" className="w-lucky-draw__primary" data-autofocus onClick={onClose}>
            {thanks ? props.thanksCloseText : props.closeText}
          </button>
          {thanks ? null : (
            <button type="button" className="w-lucky-draw__secondary" onClick={props.onMyPrizes}>
              {props.myPrizesText}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
