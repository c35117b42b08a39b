import { useMemo } from 'react';
import type { Action } from '../../src/engine/actions/action-schema';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { floatReserve } from '../../src/engine/layout/float-dock';
import { usePage } from '../../src/engine/render/page-context';
import { useLock } from '../_campaign-kit/use-lock';
import type { ShareEntryProps } from './schema';
import { shareEntryOf } from './share-info';
import './share-entry.css';

export default function ShareEntry({ props, emit }: WidgetComponentProps<ShareEntryProps>) {
  const page = usePage();
  const entry = useMemo(
    () => shareEntryOf(page.scope.activity, props),
    [page.scope.activity, props],
  );
  const { lock, busy } = useLock();
  if (!entry.visible) return null;

  const share = () =>
    lock('share', async () => {
      const action: Action = {
        type: 'share',
        ...(entry.title ? { title: entry.title } : {}),
        ...(entry.text ? { text: entry.text } : {}),
        ...(entry.url ? { url: entry.url } : {}),
        ...(entry.imageUrl ? { imageUrl: entry.imageUrl } : {}),
      };
      await page.run([action]);
      await emit('share');
    });

  const button = (
    <button
      type="button"
      className={entry.image ? 'w-share-entry' : 'w-share-entry w-share-entry--text'}
      style={{
        ...(entry.position
          ? { left: `${entry.position.left}px`, top: `${entry.position.top}px` }
          : {}),
        width: `${props.size}px`,
        height: `${props.size}px`,
      }}
      aria-label={props.label}
      aria-busy={busy}
      disabled={busy}
      onClick={() => void share()}
    >
      {entry.image ? (
        <img src={entry.image} alt="" width={props.size} height={props.size} />
      ) : (
        props.label
      )}
    </button>
  );
  if (entry.position) return button;
  // Docked (issue 33): an opaque band at the bottom edge of the page's column, as tall as the
  // zone the page reserves below its content (src/engine/layout/float-dock.ts): content scrolls
  // out of sight under it, as under the browser's own bar, and is never covered at rest.
  return (
    <div className="w-share-entry-dock" style={{ height: `${floatReserve([props.size])}px` }}>
      {button}
    </div>
  );
}
