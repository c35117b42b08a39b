import { createErrorBeacon, type ErrorBeaconOptions } from './error-beacon';
import { createEventBeacon } from './event-beacon';
import type { LogRecord } from './logger';

/**
 * The logger's transports together: error records to the error collector (spec §8 row 3),
 * counted events to the event counter (spec §4). Loaded with the first record that leaves the
 * phone (./lazy-beacons.ts).
 */
export function createBeacons(options: ErrorBeaconOptions): (record: LogRecord) => void {
  const reportError = createErrorBeacon(options);
  const countEvent = createEventBeacon(options);
  return (record) => {
    reportError(record);
    countEvent(record);
  };
}
