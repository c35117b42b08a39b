/**
 * Modal dialog (spec §2, §4): title, text, optional cancel, confirm, optional countdown on the
 * confirm button. Clicks are debounced (spec §9 DIALOG_BUTTON_DEBOUNCE_MS). Escape counts as
 * cancel. Focus is trapped while open and returns to the opener after.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Clock, DialogOptions } from '../services/types';
import { DIALOG_BUTTON_DEBOUNCE_MS } from '../spec/constants';
import { UI_COPY } from './copy';
import { createPressDebounce } from './press-debounce';
import { useFocusTrap } from './use-focus-trap';
import './dialog.css';

/** spec §4: the dialog's states. */
export type DialogState = 'shown' | 'hidden' | 'counting-down';

/** Unit conversion for the countdown, which the spec counts in seconds. */
const SECOND_MS = 1_000;

export type DialogProps = DialogOptions & {
  open: boolean;
  clock: Clock;
  onConfirm: () => void;
  onCancel: () => void;
  /** Shared press guard (UiHost passes one for its whole queue); defaults to the dialog's own. */
  acceptPress?: () => boolean;
};

export function dialogState(open: boolean, secondsLeft: number): DialogState {
  if (!open) return 'hidden';
  return secondsLeft > 0 ? 'counting-down' : 'shown';
}

export function Dialog({ open, ...rest }: DialogProps) {
  // Mounting a fresh panel per opening restarts its countdown and its focus handling.
  return open ? <DialogPanel {...rest} /> : null;
}

function DialogPanel({
  clock,
  title,
  text,
  confirmText = UI_COPY.confirm,
  cancelText,
  countdown = 0,
  onConfirm,
  onCancel,
  acceptPress,
}: Omit<DialogProps, 'open'>) {
  const [secondsLeft, setSecondsLeft] = useState(Math.max(0, Math.floor(countdown)));
  const [ownGuard] = useState(() => createPressDebounce(clock, DIALOG_BUTTON_DEBOUNCE_MS));
  const guard = acceptPress ?? ownGuard;
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();

  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    return clock.setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), SECOND_MS);
  }, [clock, counting]);

  const press = (action: () => void) => {
    if (guard()) action();
  };
  useFocusTrap(panelRef, () => press(onCancel));

  return (
    <div className="ui-dialog" data-state={dialogState(true, secondsLeft)}>
      <div className="ui-dialog__mask" aria-hidden="true" />
      <div
        ref={panelRef}
        className="ui-dialog__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : textId}
        {...(title ? { 'aria-describedby': textId } : {})}
        tabIndex={-1}
      >
        {title && (
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
        )}
        <p id={textId} className="ui-dialog__text">
          {text}
        </p>
        <div className="ui-dialog__actions">
          {cancelText !== undefined && (
            <button
              type="button"
              className="ui-dialog__button ui-dialog__button--cancel"
              onClick={() => press(onCancel)}
            >
              {cancelText || UI_COPY.cancel}
            </button>
          )}
          <button
            type="button"
            className="ui-dialog__button ui-dialog__button--confirm"
            disabled={counting}
            data-autofocus
            onClick={() => press(onConfirm)}
          >
            {counting ? `${confirmText}（${secondsLeft}s）` : confirmText}
          </button>
        </div>
      </div>
    </div>
  );
}
