import { createRoot } from 'react-dom/client';
import { useEffect } from 'react';
import type { Logger } from '../services/types';
import { LazyUiHost } from '../ui/lazy-ui-host';
import type { UiController } from '../ui/ui-controller';

/**
 * Runs `run` after the page's first commit (a passive effect). The UI kit's root mounts there:
 * a React root listens to every event type on its container as it is created, work that need
 * not come before the page's content (docs/perf.md, render cost).
 */
export function AfterFirstCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * The UI kit (toasts, dialogs, loading) as a root of its own: it is never prerendered, so it must
 * not be part of the tree that hydrates the page's HTML. Returns a function that mounts it once;
 * what the controller was asked to show before is in its store and shows then.
 */
export function uiHostMounter(doc: Document, ui: UiController, logger: Logger): () => void {
  let mounted = false;
  return () => {
    if (mounted) return;
    mounted = true;
    const overlay = doc.createElement('div');
    overlay.className = 'ce-overlay-root';
    doc.body.append(overlay);
    createRoot(overlay).render(
      <LazyUiHost controller={ui} onError={(error) => logger.report(error, { kind: 'ui kit' })} />,
    );
  };
}
