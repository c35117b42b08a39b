import { describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_BATCH } from '../../contracts/client-events';
import { createFakeClock } from '../../../tests/support/fake-clock';
import { createErrorBeacon, CLIENT_ERROR_ENDPOINT } from './error-beacon';
import {
  CLIENT_EVENT_ENDPOINT,
  createEventBeacon,
  EVENT_BATCH_SIZE,
  EVENT_FLUSH_DELAY_MS,
  MAX_EVENTS_PER_PAGE,
  toClientEvent,
} from './event-beacon';
import { createBrowserLogger } from './logger';

// spec §4: share result events (success, error, save-image success, save-image error) leave the
// page as counted events, batched, best effort.
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function setup(accept = true) {
  const clock = createFakeClock();
  const sent: { url: string; body: Blob | string }[] = [];
  const hidden: (() => void)[] = [];
  const beacons = {
    release: 'r1',
    clock,
    send: (url: string, body: Blob | string) => {
      sent.push({ url, body });
      return accept;
    },
    onHidden: (flush: () => void) => {
      hidden.push(flush);
    },
  };
  const errors = createErrorBeacon({ ...beacons, page: () => '/mp/activity/luckDraw' });
  const events = createEventBeacon(beacons);
  const logger = createBrowserLogger({
    console: { error: () => undefined, info: () => undefined },
    send: (record) => {
      errors(record);
      events(record);
    },
  });
  const records = async (url: string) =>
    (
      await Promise.all(
        sent
          .filter((s) => s.url === url)
          .map(async ({ body }) =>
            JSON.parse(typeof body === 'string' ? body : await readBlob(body)),
          ),
      )
    ).flatMap((b: { records: unknown[] }) => b.records);
  return { clock, sent, logger, records, hide: () => hidden.forEach((f) => f()) };
}

describe('event beacon', () => {
  it('sends share results to the counter and errors to the collector, each batched', async () => {
    const { clock, sent, logger, records } = setup();
    logger.track('share-result', { outcome: 'success', channel: 'app:weibo', activity: 'spring' });
    logger.report(new Error('boom'));
    logger.info('not counted');
    expect(sent).toEqual([]);
    clock.advance(EVENT_FLUSH_DELAY_MS);
    expect(sent.map((s) => s.url).sort()).toEqual([CLIENT_ERROR_ENDPOINT, CLIENT_EVENT_ENDPOINT]);
    expect(await records(CLIENT_EVENT_ENDPOINT)).toEqual([
      { event: 'share-result', outcome: 'success', channel: 'app:weibo', activity: 'spring' },
    ]);
  });

  it('flushes when the page is hidden and stops after a page’s cap', async () => {
    const { sent, logger, hide, records } = setup();
    for (let i = 0; i < EVENT_BATCH_SIZE; i++) logger.track('tap', { outcome: String(i) });
    expect(sent).toHaveLength(1);
    logger.track('tap');
    hide();
    expect(sent).toHaveLength(2);
    for (let i = 0; i < MAX_EVENTS_PER_PAGE * 2; i++) logger.track('tap');
    hide();
    expect(await records(CLIENT_EVENT_ENDPOINT)).toHaveLength(MAX_EVENTS_PER_PAGE);
  });

  it('keeps the batch within what the server takes', () => {
    expect(EVENT_BATCH_SIZE).toBeLessThanOrEqual(MAX_EVENTS_PER_BATCH);
  });

  it('sends only short names: free text or a hostile value becomes empty, a bad event name nothing', () => {
    expect(toClientEvent({ kind: 'error', error: 'x' })).toBeNull();
    expect(toClientEvent({ kind: 'track', event: '<img src=x onerror=alert(1)>' })).toBeNull();
    expect(toClientEvent({ kind: 'track', event: 'x'.repeat(41) })).toBeNull();
    expect(
      toClientEvent({
        kind: 'track',
        event: 'share-result',
        data: { outcome: 'success', channel: 'javascript:alert(1)//', activity: { code: 1 } },
      }),
    ).toEqual({ event: 'share-result', outcome: 'success', channel: '', activity: '' });
  });

  it('a browser refusing beacons never breaks the page', () => {
    const { clock, logger } = setup(false);
    logger.track('share-result', { outcome: 'error' });
    expect(() => clock.advance(EVENT_FLUSH_DELAY_MS)).not.toThrow();
  });
});
