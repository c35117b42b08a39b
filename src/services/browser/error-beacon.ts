import { createBeaconQueue, type BeaconQueueOptions } from './beacon-queue';
import type { LogRecord } from './logger';

/**
 * spec §8 row 3: errors go "to an error-reporting service as an interface exception with url and
 * status". This is the transport: error records are batched and sent as a beacon to the
 * reference server's collector (server/src/routes/client-errors.ts), which keeps them for the
 * people who run the service (batching and bounds: beacon-queue.ts).
 */
export const CLIENT_ERROR_ENDPOINT = '/mp/api/clientError/report';
/** Reports wait this long for company, so a burst (every call failing at once) is one beacon. */
export const FLUSH_DELAY_MS = 2000;
/** The collector's batch size (MAX_REPORTS_PER_BATCH on the server). */
export const BATCH_SIZE = 20;
/** A page that keeps failing stops reporting after this many: the first ones say it all. */
export const MAX_REPORTS_PER_PAGE = 50;

export interface ClientErrorReport {
  kind: string;
  message: string;
  page: string;
  url?: string;
  status?: number;
}

/** Where beacons go and when they leave (beacon-queue.ts), and the page's path at each record. */
export interface ErrorBeaconOptions extends Pick<
  BeaconQueueOptions,
  'release' | 'clock' | 'send' | 'onHidden'
> {
  /** The page's path at the time of the error. */
  page: () => string;
}

const text = (value: unknown, max: number) => String(value).slice(0, max);

/** The report of one logger record; null for anything that is not an error. */
export function toReport(record: LogRecord, page: string): ClientErrorReport | null {
  if (record.kind !== 'error') return null;
  const { error, context = {} } = record;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const report: ClientErrorReport = {
    kind: text(context.kind ?? 'error', 40),
    message: text(message, 1000),
    page: text(page, 300),
  };
  if (typeof context.url === 'string') report.url = text(context.url, 500);
  if (typeof context.status === 'number' && Number.isInteger(context.status)) {
    report.status = context.status;
  }
  return report;
}

/** A logger transport (BrowserLoggerOptions.send) that batches error records into beacons. */
export function createErrorBeacon(options: ErrorBeaconOptions): (record: LogRecord) => void {
  const enqueue = createBeaconQueue<ClientErrorReport>({
    ...options,
    endpoint: CLIENT_ERROR_ENDPOINT,
    batchSize: BATCH_SIZE,
    maxPerPage: MAX_REPORTS_PER_PAGE,
    flushDelayMs: FLUSH_DELAY_MS,
  });
  return (record) => {
    const report = toReport(record, options.page());
    if (report) enqueue(report);
  };
}
