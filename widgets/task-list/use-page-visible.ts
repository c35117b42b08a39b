import { useEffect, useRef } from 'react';

/** Calls `onVisible` each time the page becomes visible again (back from another app or tab). */
export function usePageVisible(onVisible: () => void): void {
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const doc = globalThis.document;
    const onChange = () => {
      if (doc.visibilityState === 'visible') callback.current();
    };
    doc.addEventListener('visibilitychange', onChange);
    return () => doc.removeEventListener('visibilitychange', onChange);
  }, []);
}
