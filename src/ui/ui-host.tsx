/**
 * Renders what the UI controller holds: the front dialog of the queue, the loading overlay, the
 * jump-wait indicator and the toasts. Mount once near the app root:
 *
 *   const ui = createUiController(clock);
 *   <ServicesProvider services={{ ...services, ui: ui.service }}>
 *     <App />
 *     <UiHost controller={ui} />
 *   </ServicesProvider>
 */
import { useMemo, useSyncExternalStore } from 'react';
import { DIALOG_BUTTON_DEBOUNCE_MS } from '../spec/constants';
import { Dialog } from './dialog';
import { JumpWait } from './jump-wait';
import { LoadingOverlay } from './loading-overlay';
import { createPressDebounce } from './press-debounce';
import { ToastStack } from './toast';
import type { UiController } from './ui-controller';

export interface UiHostProps {
  controller: UiController;
}

export function UiHost({ controller }: UiHostProps) {
  const snapshot = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
    controller.getSnapshot,
  );
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
      <ToastStack toasts={snapshot.toasts} onClose={controller.dismissToast} />
    </>
  );
}
