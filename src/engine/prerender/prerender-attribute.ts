/**
 * The attribute of the #root element of a prerendered page, carrying the snapshot it was
 * rendered against (JSON, see prerender-snapshot.ts). Its own module: the app's tiny entry
 * (src/app/boot.ts) reads it before anything else loads.
 */
export const PRERENDER_ATTRIBUTE = 'data-prerender';
