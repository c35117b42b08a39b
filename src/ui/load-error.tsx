/**
 * The one error state of content that could not load (issue 19): a short message and a retry
 * button that runs the failed request again. Never an empty state: "no data" and "could not
 * load" must not look alike. Widgets show it through the campaign kit's ErrorState; the engine
 * shows it for a widget that has none of its own and for the page's data sources.
 */
import { UI_COPY } from './copy';
import './load-error.css';

export interface LoadErrorProps {
  /** The message (UI_COPY.fault[kind] for a fault, the widget's own text for an answer). */
  text: string;
  onRetry: () => void;
  retryText?: string;
  /** The height of the content it stands in for, so nothing below jumps. */
  minHeight?: number;
  /** A thin bar (below content that is still shown) instead of a block. */
  compact?: boolean;
}

export function LoadError({
  text,
  onRetry,
  retryText = UI_COPY.retry,
  minHeight,
  compact = false,
}: LoadErrorProps) {
  return (
    <div
      className={compact ? 'ui-load-error ui-load-error--compact' : 'ui-load-error'}
      role="alert"
      data-load-error=""
      style={minHeight ? { minHeight: `${minHeight}px` } : undefined}
    >
      <p className="ui-load-error__text">{text}</p>
      <button type="button" className="ui-load-error__retry" onClick={onRetry}>
        {retryText}
      </button>
    </div>
  );
}
