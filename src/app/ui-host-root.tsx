import { createRoot } from 'react-dom/client';
import type { Logger } from '../services/types';
import { LazyUiHost } from '../ui/lazy-ui-host';
import type { UiController } from '../ui/ui-controller';

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
