import type { ReactNode } from 'react';

/**
 * The polite live region that announces toasts. It is always mounted (even when empty) because
 * screen readers only announce changes inside a region that already exists; it lives in its own
 * file so the app can mount it before the rest of the UI kit has loaded (lazy-ui-host.tsx).
 */
export function ToastRegion({ children }: { children?: ReactNode }) {
  return (
    <div className="ui-toast-stack" role="status" aria-live="polite" aria-atomic="false">
      {children}
    </div>
  );
}
