/**
 * The engine page's entry, as the app's (src/app/boot.ts) for a page that was not prerendered:
 * it starts the page at once, through the same dynamic import.
 */
void import('./main').then(({ startApp }) => startApp());
