/**
 * The app's entry: starts the app (./main) at once, or, on a page prerendered at build time,
 * once the browser has painted that page. The page is already there to see; React's work
 * (evaluating the app, hydrating) then never delays its first paint (issue 10). The server's
 * HTML names every chunk of the app as a modulepreload, so they download meanwhile.
 */
import { PRERENDER_ATTRIBUTE } from '../engine/prerender/prerender-attribute';

/** Resolves after the browser's next frame has painted (or soon, in a tab that paints none). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

const prerendered = document.getElementById('root')?.hasAttribute(PRERENDER_ATTRIBUTE) ?? false;
void (prerendered ? afterNextPaint() : Promise.resolve()).then(() => import('./main'));
