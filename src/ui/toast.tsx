/**
 * Toasts (spec §2, §9). Presentational: the controller (ui-controller.ts) owns the timers and the
 * z-index; these components only draw. Text is always rendered as text: the 'html' variant is a
 * richer layout (mask, dark card, line breaks kept), never raw HTML.
 */
import type { ToastOptions } from '../services/types';
import { UI_COPY } from './copy';
import { ToastRegion } from './toast-region';
import type { ToastEntry } from './ui-controller';
import './toast.css';

export interface ToastProps {
  options: ToastOptions;
  zIndex: number;
  onClose: () => void;
}

export function Toast({ options, zIndex, onClose }: ToastProps) {
  const variant = options.variant ?? 'default';
  const masked = variant === 'html' || variant === 'masked';
  return (
    <div
      className={`ui-toast ui-toast--${variant}`}
      style={{ zIndex }}
      data-testid="ui-toast"
      data-variant={variant}
    >
      {masked && <div className="ui-toast__mask" data-testid="ui-toast-mask" aria-hidden="true" />}
      <div className="ui-toast__body">
        {variant === 'masked' && (
          <button
            type="button"
            className="ui-toast__close"
            aria-label={UI_COPY.close}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
        <p className="ui-toast__text">{options.text}</p>
        {variant === 'masked' && (
          <button
            type="button"
            className="ui-toast__button"
            onClick={() => {
              try {
                options.onButton?.();
              } finally {
                onClose();
              }
            }}
          >
            {options.buttonText ?? UI_COPY.confirm}
          </button>
        )}
      </div>
    </div>
  );
}

export interface ToastStackProps {
  toasts: readonly ToastEntry[];
  onClose: (id: number) => void;
}

/** The toasts themselves, newest last; rendered inside the ToastRegion. */
export function ToastList({ toasts, onClose }: ToastStackProps) {
  return toasts.map((toast) => (
    <Toast
      key={toast.id}
      options={toast.options}
      zIndex={toast.zIndex}
      onClose={() => onClose(toast.id)}
    />
  ));
}

/** The live region with its toasts (./toast-region.tsx says why the region always exists). */
export function ToastStack({ toasts, onClose }: ToastStackProps) {
  return (
    <ToastRegion>
      <ToastList toasts={toasts} onClose={onClose} />
    </ToastRegion>
  );
}
