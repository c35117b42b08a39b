/**
 * Loading overlay (spec §2): shown, closed with a fade, then removed from the DOM. The fade's
 * timing lives in the controller (LOADING_FADE_MS); this component only draws the state.
 */
import { UI_COPY } from './copy';
import { LOADING_FADE_MS, type LoadingState } from './ui-controller';
import './loading-overlay.css';

export interface LoadingOverlayProps {
  state: LoadingState;
  text?: string;
}

export function LoadingOverlay({ state, text = UI_COPY.loading }: LoadingOverlayProps) {
  if (state === 'hidden') return null;
  return (
    <div
      className={`ui-loading ui-loading--${state}`}
      data-testid="ui-loading"
      data-state={state}
      style={{ transitionDuration: `${LOADING_FADE_MS}ms` }}
      aria-busy={state === 'shown'}
    >
      <div className="ui-loading__box" role="status">
        <span className="ui-loading__spinner" aria-hidden="true" />
        <span className="ui-loading__text">{text}</span>
      </div>
    </div>
  );
}
