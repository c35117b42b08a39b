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
