import { useId, useRef } from 'react';
import { useFocusTrap } from '../../ui/use-focus-trap';
import type { RenderDialog } from '../document/types';
import { NodeList } from '../render/node-view';

/** A document dialog: node content in an accessible modal (focus trapped, Escape closes). */
export function PageDialog({ dialog, onClose }: { dialog: RenderDialog; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, () => {
    if (dialog.closable) onClose();
  });
  return (
    <div className="ce-dialog-mask">
      <div
        ref={ref}
        className="ce-dialog"
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        {...(dialog.title ? { 'aria-labelledby': titleId } : { 'aria-label': dialog.id })}
      >
        {dialog.title ? (
          <h2 id={titleId} className="ce-dialog__title">
            {dialog.title}
          </h2>
        ) : null}
        <div className="ce-dialog__body">
          <NodeList nodes={dialog.body} path={dialog.id} />
        </div>
        {dialog.closable ? (
          <button type="button" className="ce-dialog__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        ) : null}
      </div>
    </div>
  );
}
