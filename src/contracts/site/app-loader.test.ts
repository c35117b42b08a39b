// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../server/src/static/security-headers';
import { APP_ENTRY_META, EARLY_TAPS_GLOBAL, type LoaderTaps } from './prerender-attribute';
import { APP_LOADER_CSP_SOURCE, APP_LOADER_SCRIPT } from './app-loader';

const loaderTaps = () =>
  (window as unknown as Record<string, LoaderTaps | undefined>)[EARLY_TAPS_GLOBAL];

function page(): HTMLElement {
  document.head.innerHTML = `<meta name="${APP_ENTRY_META}" content="/mp/activity/assets/app.js">`;
  document.body.innerHTML = '<div id="root"><button>领取</button></div>';
  // Indirect eval: the loader runs as the page's inline classic script would, in global scope.
  (0, eval)(APP_LOADER_SCRIPT);
  return document.getElementById('root')!;
}

const entryScripts = () => document.head.querySelectorAll('script[type="module"]');

describe('the inline loader of prerendered pages (decision 0029)', () => {
  it('starts the entry after a second in a tab that paints no frame', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    page();
    vi.advanceTimersByTime(900);
    expect(entryScripts()).toHaveLength(0);
    vi.advanceTimersByTime(200);
    expect(entryScripts()).toHaveLength(1);
    frames.mockRestore();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
  });

  it('starts the entry named by the meta tag only after a frame, once', () => {
    vi.useFakeTimers();
    page();
    expect(entryScripts()).toHaveLength(0);
    // The next frame (jsdom's fake clock runs frames every 16 ms), then a task after its paint.
    vi.advanceTimersByTime(40);
    expect(entryScripts()).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(entryScripts()).toHaveLength(1);
    expect(entryScripts()[0]!.getAttribute('src')).toBe('/mp/activity/assets/app.js');
  });

  it('where paint timing exists, starts the entry once the first contentful paint is reported, not at the frame', () => {
    vi.useFakeTimers();
    let report: ((list: { getEntries: () => { name: string }[] }) => void) | undefined;
    const observed: unknown[] = [];
    class FakePaintObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(options: unknown) {
        observed.push(options);
      }
      disconnect() {
        report = undefined;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    page();
    expect(observed).toEqual([{ type: 'paint', buffered: true }]);
    // Frames alone (the frame is produced, its paint not yet presented) start nothing.
    vi.advanceTimersByTime(100);
    expect(entryScripts()).toHaveLength(0);
    report?.({ getEntries: () => [{ name: 'first-paint' }] });
    vi.advanceTimersByTime(10);
    expect(entryScripts()).toHaveLength(0);
    report?.({ getEntries: () => [{ name: 'first-contentful-paint' }] });
    // A task after the reported paint.
    expect(entryScripts()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(entryScripts()).toHaveLength(1);
    expect(report).toBeUndefined();
    vi.advanceTimersByTime(2000);
    expect(entryScripts()).toHaveLength(1);
  });

  it('holds a tap before the entry runs and hands its element over', () => {
    const root = page();
    const early = vi.fn();
    root.addEventListener('click', early);
    root.querySelector('button')!.click();
    expect(early).not.toHaveBeenCalled();
    const taps = loaderTaps();
    expect(taps?.take()).toBe(root.querySelector('button'));
    // Handed over: the loader holds no more taps.
    root.querySelector('button')!.click();
    expect(early).toHaveBeenCalledTimes(1);
    expect(taps?.take()).toBeNull();
  });

  it('is the one inline script the Content-Security-Policy allows, by its hash', () => {
    const hash = createHash('sha256').update(APP_LOADER_SCRIPT).digest('base64');
    expect(APP_LOADER_CSP_SOURCE).toBe(`'sha256-${hash}'`);
    const scriptSrc = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toContain(APP_LOADER_CSP_SOURCE);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
