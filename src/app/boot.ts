/**
 * The app's entry: starts the app (./main) at once, or, on a page prerendered at build time,
 * once the browser has painted that page. The page is already there to see; React's work
 * (evaluating the app, hydrating) then never delays its first paint (issue 10). The server's
 * HTML names the app's chunks as modulepreloads, so they download meanwhile; the chunks of the
 * widgets on the painted first screen are fetched from here, the others wait, and a tap before
 * the page has hydrated is held for it (decision 0026).
 */
import { PRERENDER_ATTRIBUTE } from '../engine/prerender/prerender-attribute';
import { holdEarlyTaps } from './early-taps';
import { fetchFirstScreenChunks, firstScreenTypes } from './first-screen-types';

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

const root = document.getElementById('root');
if (root?.hasAttribute(PRERENDER_ATTRIBUTE)) {
  const taps = holdEarlyTaps(root);
  void afterNextPaint().then(() => {
    const types = firstScreenTypes(root, window.innerHeight);
    fetchFirstScreenChunks(document, types);
    return import('./main').then(({ startApp }) => startApp({ types, taps }));
  });
} else {
  void import('./main').then(({ startApp }) => startApp(null));
}
