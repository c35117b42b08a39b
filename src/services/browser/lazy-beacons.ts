import type { ErrorBeaconOptions } from './error-beacon';
import type { LogRecord } from './logger';

/**
 * Records held while the transports load; beyond this a page is failing in a loop and the first
 * ones say it all (each transport bounds a page's records again).
 */
export const MAX_HELD_RECORDS = 100;

type Transport = (record: LogRecord) => void;

/**
 * The logger's transport (BrowserLoggerOptions.send) whose code (./beacons.ts: the error and
 * event beacons and their queue) loads with the first record that leaves the phone: most visits
 * report no error and count no event, and every page would otherwise fetch it. Records that come
 * meanwhile wait, each with the page it happened on; a failed load is tried again by the next
 * record.
 */
export function lazyBeacons(
  options: ErrorBeaconOptions,
  load: () => Promise<{ createBeacons: (options: ErrorBeaconOptions) => Transport }> = () =>
    import('./beacons'),
): Transport {
  let send: Transport | null = null;
  let held: { record: LogRecord; page: string }[] | null = null;
  // The page a held record is replayed with: where it happened, not where the visitor is now.
  let replayedPage: string | null = null;
  const page = () => replayedPage ?? options.page();

  return (record) => {
    if (send) {
      send(record);
      return;
    }
    if (record.kind === 'info') return; // Only errors and counted events leave the phone.
    const entry = { record, page: options.page() };
    if (held) {
      if (held.length < MAX_HELD_RECORDS) held.push(entry);
      return;
    }
    held = [entry];
    load().then(
      ({ createBeacons }) => {
        const ready = createBeacons({ ...options, page });
        send = ready;
        const waiting = held ?? [];
        held = null;
        for (const { record: waited, page: at } of waiting) {
          replayedPage = at;
          ready(waited);
        }
        replayedPage = null;
      },
      () => {
        // Offline or a new release: these are lost, the next record tries again.
        held = null;
      },
    );
  };
}
