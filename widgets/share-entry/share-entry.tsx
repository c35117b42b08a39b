import { useMemo } from 'react';
import type { Action } from '../../src/engine/actions/action-schema';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
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

  return (
    <button
      type="button"
      className={[
        'w-share-entry',
        entry.position ? '' : 'w-share-entry--dock',
        entry.image ? '' : 'w-share-entry--text',
      ]
        .filter(Boolean)
        .join(' ')}
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
}
