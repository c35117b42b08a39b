import { createBeaconQueue, type BeaconQueueOptions } from './beacon-queue';
import type { LogRecord } from './logger';

/**
 * The counted events' transport: a logger record of kind 'track' (a share's result, spec §4; a
 * document's `track` action) is batched into beacons to the reference server's counter
 * (server/src/routes/client-events.ts), best effort and never in the page's way. Only short
 * names leave the phone: the event, its outcome, its channel and its activity, no free text.
 */
export const CLIENT_EVENT_ENDPOINT = '/mp/api/clientEvent/report';
/** Events wait this long for company: a share and its toast are one beacon. */
export const EVENT_FLUSH_DELAY_MS = 3000;
/** The counter's batch size (MAX_EVENTS_PER_BATCH, src/contracts/client-events.ts). */
export const EVENT_BATCH_SIZE = 20;
/** A page counts at most this many events: a tap-happy visitor is still one visitor. */
export const MAX_EVENTS_PER_PAGE = 100;

export interface ClientEvent {
  event: string;
  outcome: string;
  channel: string;
  activity: string;
}

/** A counter key as the server takes it (letters, digits, . _ : -), or '' when it is not one. */
function key(value: unknown, max: number): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const text = String(value);
  return text.length <= max && /^[\w.:-]*$/.test(text) ? text : '';
}

/** The counted event of one logger record; null for anything else or a name the counter refuses. */
export function toClientEvent(record: LogRecord): ClientEvent | null {
  if (record.kind !== 'track') return null;
  const event = key(record.event, 40);
  if (!event) return null;
  const data = record.data ?? {};
  return {
    event,
    outcome: key(data.outcome, 40),
    channel: key(data.channel, 40),
    activity: key(data.activity, 64),
  };
}

/** A logger transport (BrowserLoggerOptions.send) that batches counted events into beacons. */
export function createEventBeacon(
  options: Pick<BeaconQueueOptions, 'release' | 'clock' | 'send' | 'onHidden'>,
): (record: LogRecord) => void {
  const enqueue = createBeaconQueue<ClientEvent>({
    ...options,
    endpoint: CLIENT_EVENT_ENDPOINT,
    batchSize: EVENT_BATCH_SIZE,
    maxPerPage: MAX_EVENTS_PER_PAGE,
    flushDelayMs: EVENT_FLUSH_DELAY_MS,
  });
  return (record) => {
    const event = toClientEvent(record);
    if (event) enqueue(event);
  };
}
