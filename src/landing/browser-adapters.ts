/**
 * The landing pages' only contact with the browser: a Clock on window timers, the location
 * launcher and the visibility reader. The pages ship without the app, so they build these here.
 */
import type { Clock } from '../services/types';
import { createBrowserClock, type TimerHost } from '../services/browser/clock';
import { createLocationLauncher, documentHiddenReader } from '../services/deep-link/launcher';
import type { LandingDeps } from './landing-page';

export function windowClock(win: Window): Clock {
  return createBrowserClock(win as unknown as TimerHost);
}

export function browserLandingDeps(win: Window, root: HTMLElement): LandingDeps {
  return {
    root,
    clock: windowClock(win),
    launcher: createLocationLauncher(win),
    isHidden: documentHiddenReader(win.document),
    ownOrigin: win.location.origin,
  };
}

export function landingRoot(doc: Document): HTMLElement {
  const found = doc.getElementById('landing');
  if (found) return found;
  const created = doc.createElement('main');
  created.id = 'landing';
  doc.body.appendChild(created);
  return created;
}
