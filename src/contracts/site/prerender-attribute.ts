/**
 * The attribute of the #root element of a prerendered page, carrying the snapshot it was
 * rendered against (JSON, see prerender-snapshot.ts). Its own module: the app's tiny entry
 * (src/app/boot.ts) reads it before anything else loads.
 */
export const PRERENDER_ATTRIBUTE = 'data-prerender';

/**
 * The id of a prerendered page's data block (JSON) naming the scripts of each widget type its
 * first render may mount: the entry fetches those of the types on the first screen (decision 0026).
 */
export const WIDGET_CHUNKS_ID = 'ce-widget-chunks';

/**
 * The meta tag of a prerendered page naming the app's entry script: the page's inline loader
 * (src/contracts/site/app-loader.ts) starts it once the page has painted, so no script downloads before
 * the first paint (issue 10, decision 0029).
 */
export const APP_ENTRY_META = 'ce-app-entry';

/**
 * The global where that loader leaves the taps it held before the entry ran: the entry takes the
 * last tapped element and goes on holding until the page has hydrated
 * (src/app/first-load/early-taps.ts).
 */
export const EARLY_TAPS_GLOBAL = '__ceEarlyTaps';

/** What the loader leaves in EARLY_TAPS_GLOBAL. */
export interface LoaderTaps {
  /** Stops holding taps; the element of the last tap held, if any. */
  take(): Element | null;
}
