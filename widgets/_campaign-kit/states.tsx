import type { ReactNode } from 'react';
import { useLoadErrorShown } from '../../src/engine/data/fault-scope';
import { usePage } from '../../src/engine/render/page-context';
import { UI_COPY } from '../../src/ui/copy';
import { LoadError } from '../../src/ui/load-error';
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

/** Not logged in: a prompt whose button starts the login flow through the engine action. */
export function LoginPrompt({
  text,
  buttonText,
  minHeight,
}: {
  text: string;
  buttonText: string;
  minHeight?: number;
}) {
  const page = usePage();
  return (
    <div className="w-kit-state" style={minHeight ? { minHeight: `${minHeight}px` } : undefined}>
      <p className="w-kit-state__text">{text}</p>
      <button
        type="button"
        className="w-kit-button"
        onClick={() => void page.run([{ type: 'login' }])}
      >
        {buttonText}
      </button>
    </div>
  );
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
