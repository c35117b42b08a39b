import { useEffect } from 'react';
import { rootFontSizeCss, type PageLayout } from './root-font-size';

/**
 * Sets the root font size rule (spec §2) for the page shown. The rule is CSS (rootFontSizeCss):
 * the browser keeps it in step with the viewport, and a prerendered page already carries the
 * same rule in its HTML, so hydrating it changes nothing on screen.
 */
export function useRootFontSize(layout: PageLayout): void {
  const { baseWidth, maxWidth } = layout;
  useEffect(() => {
    const root = globalThis.document.documentElement;
    root.style.fontSize = rootFontSizeCss(baseWidth, maxWidth);
    root.style.setProperty('--ce-page-max-width', `${maxWidth}px`);
  }, [baseWidth, maxWidth]);
}
