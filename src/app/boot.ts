/**
 * The app's entry: starts the app (./main). On a page prerendered at build time it runs once the
 * browser has painted that page. The page is already there to see; React's work
 * (evaluating the app, hydrating) then never delays its first paint (issue 10). A prerendered
 * page's inline loader (src/contracts/site/app-loader.ts) starts this entry after the paint, holding the
 * taps meanwhile (decision 0029); from here the chunks of the widgets on the painted first
 * screen are fetched, the others wait, and a tap before the page has hydrated is held for it
 * (decision 0026).
 */
import {
  EARLY_TAPS_GLOBAL,
  PRERENDER_ATTRIBUTE,
  type LoaderTaps,
} from '../contracts/site/prerender-attribute';
import { holdEarlyTaps } from './first-load/early-taps';
import { fetchFirstScreenChunks, firstScreenTypes } from './first-load/first-screen-types';

const root = document.getElementById('root');
if (root?.hasAttribute(PRERENDER_ATTRIBUTE)) {
  // Every prerendered page is started by its inline loader (src/contracts/site/app-loader.ts), after the
  // page has painted; the loader hands over the tap it held meanwhile.
  const loader = (window as unknown as Record<string, LoaderTaps | undefined>)[EARLY_TAPS_GLOBAL];
  const taps = holdEarlyTaps(root, loader?.take() ?? null);
  const types = firstScreenTypes(root, window.innerHeight);
  fetchFirstScreenChunks(document, types);
  void import('./main').then(({ startApp }) => startApp({ types, taps }));
} else {
  void import('./main').then(({ startApp }) => startApp(null));
}
