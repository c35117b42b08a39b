import type { Clock } from '../types';

/**
 * What the page's beacons share (error reports, client events): records wait a short while for
 * company so a burst is one beacon, a full batch goes at once, everything left goes when the page
 * is hidden or closed, and a page sends a bounded number of records in all. Beacons survive the
 * page being closed and skip the API client, so a failing report never reports itself.
 */
export interface BeaconQueueOptions {
  endpoint: string;
  release: string;
  /** Records per beacon (the collector's batch limit). */
  batchSize: number;
  /** Records a page sends in all; the first ones say it all. */
  maxPerPage: number;
  /** How long a record waits for company. */
  flushDelayMs: number;
  clock: Pick<Clock, 'setTimeout'>;
  /** navigator.sendBeacon (or a keepalive fetch); returns false when the browser refused. */
  send: (url: string, body: Blob | string) => boolean;
  /** Registers a flush for when the page is hidden or closed (pagehide / visibilitychange). */
  onHidden?: (flush: () => void) => void;
}

/** Queues records and sends them as `{ release, records }` beacons to the endpoint. */
export function createBeaconQueue<T>(options: BeaconQueueOptions): (record: T) => void {
  let queue: T[] = [];
  let taken = 0;
  let cancelTimer: (() => void) | null = null;

  const flush = () => {
    cancelTimer?.();
    cancelTimer = null;
    while (queue.length > 0) {
      const records = queue.slice(0, options.batchSize);
      queue = queue.slice(options.batchSize);
      const body = JSON.stringify({ release: options.release, records });
      options.send(options.endpoint, new Blob([body], { type: 'application/json' }));
    }
  };
  options.onHidden?.(flush);

  return (record) => {
    if (taken >= options.maxPerPage) return;
    taken += 1;
    queue.push(record);
    if (queue.length >= options.batchSize) flush();
    else cancelTimer ??= options.clock.setTimeout(flush, options.flushDelayMs);
  };
}
