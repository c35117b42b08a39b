/**
 * The two ways of handing a scheme URL to the operating system, and the visibility reader the
 * deep-link check polls. These are the only lines of the deep-link service that touch the DOM;
 * tests inject fakes instead.
 */

export interface AppLauncher {
  launch(url: string): void;
}

/** Reads whether the page is hidden (the app came to the front). */
export type HiddenReader = () => boolean;

/** Sets the page's address: used where the host app's web view intercepts our schemes. */
export function createLocationLauncher(target: { location: { href: string } }): AppLauncher {
  return {
    launch(url) {
      target.location.href = url;
    },
  };
}

/**
 * Loads the scheme in a hidden iframe: an unknown scheme then fails silently instead of
 * replacing the page with an error page.
 */
export function createIframeLauncher(doc: Document): AppLauncher {
  return {
    launch(url) {
      const frame = doc.createElement('iframe');
      frame.style.display = 'none';
      frame.src = url;
      doc.body.appendChild(frame);
    },
  };
}

export function documentHiddenReader(doc: Document): HiddenReader {
  return () => doc.hidden || doc.visibilityState === 'hidden';
}
