import { useEffect } from 'react';
import { rootFontSize, type PageLayout } from './root-font-size';

/** Keeps the root font size in step with the viewport (spec §2) while the page is shown. */
export function useRootFontSize(layout: PageLayout): void {
  const { baseWidth, maxWidth } = layout;
  useEffect(() => {
    const root = globalThis.document.documentElement;
    const apply = () => {
      root.style.fontSize = `${rootFontSize(root.clientWidth || globalThis.innerWidth, baseWidth, maxWidth)}px`;
      root.style.setProperty('--ce-page-max-width', `${maxWidth}px`);
    };
    apply();
    globalThis.addEventListener('resize', apply);
    globalThis.addEventListener('orientationchange', apply);
    return () => {
      globalThis.removeEventListener('resize', apply);
      globalThis.removeEventListener('orientationchange', apply);
    };
  }, [baseWidth, maxWidth]);
}
