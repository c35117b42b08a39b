/**
 * The UI kit's host as the app mounts it. The controller (ui-controller.ts) is in the first load,
 * so ui.toast / ui.confirm / ui.loading stay synchronous and queue into its store; the components
 * that draw the store (./ui-host.tsx: dialog, focus trap, loading, jump wait, toasts) load the
 * first time there is something to show, or earlier when the app preloads them at idle
 * (docs/decisions/0008-first-load-budget.md). The toasts' live region is mounted from the start.
 */
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { lazyValue } from '../services/lazy-service';
import { TOAST_Z_INDEX_BASE } from '../spec/constants';
import { ToastRegion } from './toast-region';
import type { UiController, UiSnapshot } from './ui-controller';
import type * as UiHostModule from './ui-host';

type UiHostParts = Pick<typeof UiHostModule, 'UiOverlays' | 'UiToasts'>;

export interface LazyUiHostProps {
  controller: UiController;
  /** Told when the kit's components cannot load (the page carries on without them). */
  onError?: (error: unknown) => void;
}

/** Inline so they need no stylesheet of the kit's chunk (set through the DOM: CSP allows it). */
const PLAIN_TOAST_STYLE = {
  position: 'fixed',
  left: '50%',
  bottom: '20%',
  transform: 'translateX(-50%)',
  maxWidth: '80vw',
  padding: '10px 16px',
  borderRadius: '8px',
  background: 'rgba(0, 0, 0, 0.78)',
  color: '#fff',
  fontSize: '14px',
  textAlign: 'center',
  zIndex: TOAST_Z_INDEX_BASE,
} as const;

/**
 * The toasts when the kit's components cannot load (offline before the first toast, issue 19):
 * their text, plainly, so a tap that failed still says so. The controller times them out.
 */
function PlainToasts({ toasts }: { toasts: UiSnapshot['toasts'] }) {
  const last = toasts[toasts.length - 1];
  return last ? (
    <p className="ui-toast__text" style={PLAIN_TOAST_STYLE} data-plain-toast="">
      {last.options.text}
    </p>
  ) : null;
}

function isEmpty(snapshot: UiSnapshot): boolean {
  return (
    snapshot.toasts.length === 0 &&
    snapshot.dialogs.length === 0 &&
    snapshot.loading === 'hidden' &&
    !snapshot.jumpWait &&
    snapshot.menuGuide === null
  );
}

class LoadBoundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode; fallback?: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

/** A host over `load` (tests pass their own); the app uses the default below. */
export function createLazyUiHost(load: () => Promise<UiHostParts>) {
  const parts = lazyValue(load);
  const Overlays: ComponentType<{ controller: UiController }> = lazy(() =>
    parts.get().then((module) => ({ default: module.UiOverlays })),
  );
  const Toasts: ComponentType<{ controller: UiController }> = lazy(() =>
    parts.get().then((module) => ({ default: module.UiToasts })),
  );

  function LazyUiHost({ controller, onError }: LazyUiHostProps) {
    const snapshot = useSyncExternalStore(
      controller.subscribe,
      controller.getSnapshot,
      controller.getSnapshot,
    );
    const [wanted, setWanted] = useState(false);
    const [failed, setFailed] = useState(false);
    // Once something was shown the host stays mounted (fades and dialog queues keep their state).
    if (!wanted && !isEmpty(snapshot)) setWanted(true);
    // Without the kit nobody can answer a dialog: settle it as cancelled so no action waits forever.
    useEffect(() => {
      if (!failed) return;
      for (const dialog of snapshot.dialogs) controller.settleDialog(dialog.id, false);
    }, [failed, snapshot.dialogs, controller]);
    const fail = (error: unknown) => {
      setFailed(true);
      onError?.(error);
    };
    const show = wanted && !failed;
    return (
      <>
        {show ? (
          <LoadBoundary onError={fail}>
            <Suspense fallback={null}>
              <Overlays controller={controller} />
            </Suspense>
          </LoadBoundary>
        ) : null}
        <ToastRegion>
          {failed ? (
            <PlainToasts toasts={snapshot.toasts} />
          ) : show ? (
            <LoadBoundary
              onError={() => undefined}
              fallback={<PlainToasts toasts={snapshot.toasts} />}
            >
              <Suspense fallback={null}>
                <Toasts controller={controller} />
              </Suspense>
            </LoadBoundary>
          ) : null}
        </ToastRegion>
      </>
    );
  }

  return {
    LazyUiHost,
    /** Starts loading the components; a failure is left for the first use to report. */
    preload: () => void parts.get().catch(() => undefined),
  };
}

const uiHost = createLazyUiHost(() => import('./ui-host'));

export const LazyUiHost = uiHost.LazyUiHost;
export const preloadUiHost = uiHost.preload;
