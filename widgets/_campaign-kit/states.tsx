import type { ReactNode } from 'react';
import { useLoadErrorShown } from '../../src/engine/data/fault-scope';
import { usePage } from '../../src/engine/render/page-context';
import { UI_COPY } from '../../src/ui/copy';
import { LoadError } from '../../src/ui/load-error';
import { errorText } from './api-error';
import './kit.css';

/** A placeholder of the widget's loaded height, so nothing below jumps when data arrives. */
export function Skeleton({ height, label = '加载中' }: { height: number; label?: string }) {
  return (
    <div
      className="w-kit-skeleton"
      style={{ height: `${height}px` }}
      aria-busy="true"
      role="status"
    >
      <span className="w-kit-sr">{label}</span>
    </div>
  );
}

/**
 * A failed load: the UI kit's load error (src/ui/load-error.tsx), the message and a retry button
 * that calls again. Being on screen tells the engine the widget explains its fault itself
 * (src/engine/data/fault-scope.ts), so the engine adds no second one. `text` comes from
 * errorText (./api-error.ts), which words network and server faults alike everywhere.
 */
export function ErrorState({
  text,
  retryText = UI_COPY.retry,
  onRetry,
  minHeight,
  compact,
}: {
  text: string;
  retryText?: string;
  onRetry: () => void;
  minHeight?: number;
  /** A bar beside content that is still usable (a form), instead of a block in its place. */
  compact?: boolean;
}) {
  const retryWidget = useLoadErrorShown();
  return (
    <LoadError
      text={text}
      retryText={retryText}
      onRetry={() => {
        onRetry();
        retryWidget();
      }}
      {...(minHeight !== undefined ? { minHeight } : {})}
      {...(compact !== undefined ? { compact } : {})}
    />
  );
}

/**
 * Not logged in: a prompt whose button starts the login flow through the engine action. With no
 * `buttonText` only the line shows: one login call to action per screen (issue 33), the page's
 * other prompt has the button.
 */
export function LoginPrompt({
  text,
  buttonText,
  minHeight,
}: {
  text: string;
  buttonText: string | null;
  minHeight?: number;
}) {
  const page = usePage();
  return (
    <div className="w-kit-state" style={minHeight ? { minHeight: `${minHeight}px` } : undefined}>
      <p className="w-kit-state__text">{text}</p>
      {buttonText === null ? null : (
        <button
          type="button"
          className="w-kit-button"
          onClick={() => void page.run([{ type: 'login' }])}
        >
          {buttonText}
        </button>
      )}
    </div>
  );
}

/** What dataStates reads of a call (useApi's answer). */
interface LoadedCall {
  data: unknown;
  error: unknown;
  mutate: () => unknown;
}

/**
 * The states a data widget shows before its content, in one order for every widget: first what
 * a logged-out visitor sees when the call is about the visitor (`loggedOut`; such a call is never
 * sent logged out, its 401 would start the login flow unasked), then a failed first load (the
 * load error with retry; once data has arrived, a failed refresh leaves it on screen), then the
 * loading placeholder. null when the data is there: the widget renders its content (or empty).
 */
export function dataStates({
  loggedOut,
  call,
  errorText: fallback,
  errorMinHeight,
  loading,
  frame = (state) => state,
}: {
  /** Shown instead of loading when the visitor must log in first; undefined otherwise. */
  loggedOut?: ReactNode;
  call: LoadedCall;
  /** The widget's own words for a failed load (its `errorText` prop). */
  errorText: string;
  errorMinHeight?: number;
  loading: ReactNode;
  /**
   * What the login prompt and the load error sit in (the widget's box and title); the loading
   * placeholder stands alone, at the height of the content it holds the place of.
   */
  frame?: (state: ReactNode) => ReactNode;
}): ReactNode {
  if (loggedOut !== undefined) return frame(loggedOut);
  if (!call.data && call.error) {
    return frame(
      <ErrorState
        text={errorText(call.error, fallback)}
        onRetry={() => void call.mutate()}
        {...(errorMinHeight !== undefined ? { minHeight: errorMinHeight } : {})}
      />,
    );
  }
  return call.data ? null : loading;
}

/** An informational state (empty, not started, ended, sold out) without an action. */
export function Notice({ children, minHeight }: { children: ReactNode; minHeight?: number }) {
  return (
    <div className="w-kit-state" style={minHeight ? { minHeight: `${minHeight}px` } : undefined}>
      <p className="w-kit-state__text">{children}</p>
    </div>
  );
}

/** Announces results (claimed, signed, voted…) to screen readers; visually hidden. */
export function LiveRegion({ message }: { message: string }) {
  return (
    <p className="w-kit-sr" role="status" aria-live="polite">
      {message}
    </p>
  );
}
