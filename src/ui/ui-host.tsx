/**
 * Renders what the UI controller holds: the front dialog of the queue, the loading overlay, the
 * jump-wait indicator and the toasts. Mount once near the app root:
 *
 *   const ui = createUiController(clock);
 *   <ServicesProvider services={{ ...services, ui: ui.service }}>
 *     <App />
 *     <UiHost controller={ui} />
 *   </ServicesProvider>
 *
 * The app mounts LazyUiHost (./lazy-ui-host.tsx) instead, which loads this module the first time
 * there is something to show.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { DIALOG_BUTTON_DEBOUNCE_MS } from '../spec/constants';
import { Dialog } from './dialog';
import { JumpWait } from './jump-wait';
import { LoadingOverlay } from './loading-overlay';
import { MenuGuide } from './menu-guide';
import { createPressDebounce } from './press-debounce';
import { ToastList } from './toast';
import { ToastRegion } from './toast-region';
import type { UiController, UiSnapshot } from './ui-controller';

export interface UiHostProps {
  controller: UiController;
}

function useUiSnapshot(controller: UiController): UiSnapshot {
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
}

/** The front dialog, the loading overlay, the jump-wait indicator and the share guide. */
export function UiOverlays({ controller }: UiHostProps) {
  const snapshot = useUiSnapshot(controller);
  // One guard for the whole queue: a double tap must not also answer the next dialog.
  const acceptPress = useMemo(
    () => createPressDebounce(controller.clock, DIALOG_BUTTON_DEBOUNCE_MS),
    [controller],
  );
  const dialog = snapshot.dialogs[0];
  return (
    <>
      {dialog && (
        <Dialog
          key={dialog.id}
          {...dialog.options}
          open
          clock={controller.clock}
          acceptPress={acceptPress}
          onConfirm={() => controller.settleDialog(dialog.id, true)}
          onCancel={() => controller.settleDialog(dialog.id, false)}
        />
      )}
      <LoadingOverlay state={snapshot.loading} />
      <JumpWait open={snapshot.jumpWait} />
      {snapshot.menuGuide !== null && (
        <MenuGuide text={snapshot.menuGuide} onClose={controller.closeMenuGuide} />
      )}
    </>
  );
}

/** The toasts of the controller, without their live region. */
export function UiToasts({ controller }: UiHostProps) {
  const snapshot = useUiSnapshot(controller);
  return <ToastList toasts={snapshot.toasts} onClose={controller.dismissToast} />;
}

/** Everything the controller holds, live region included (the app mounts lazy-ui-host.tsx). */
export function UiHost({ controller }: UiHostProps) {
  return (
    <>
      <UiOverlays controller={controller} />
      <ToastRegion>
        <UiToasts controller={controller} />
      </ToastRegion>
    </>
  );
}
