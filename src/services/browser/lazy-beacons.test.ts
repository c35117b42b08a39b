import { describe, expect, it } from 'vitest';
import type { ErrorBeaconOptions } from './error-beacon';
import { lazyBeacons, MAX_HELD_RECORDS } from './lazy-beacons';
import type { LogRecord } from './logger';

/** A transport loader the test resolves or fails by hand, recording what the transport got. */
function controlledLoad() {
  const got: { record: LogRecord; page: string }[] = [];
  let settle: { resolve: () => void; reject: () => void } | null = null;
  let loads = 0;
  const load = () => {
    loads += 1;
    return new Promise<{
      createBeacons: (options: ErrorBeaconOptions) => (record: LogRecord) => void;
    }>((resolve, reject) => {
      settle = {
        resolve: () =>
          resolve({
            createBeacons: (options) => (record) => got.push({ record, page: options.page() }),
          }),
        reject: () => reject(new Error('chunk failed')),
      };
    });
  };
  return { got, load, loads: () => loads, settle: () => settle! };
}

const options = (page: () => string): ErrorBeaconOptions => ({
  release: 'test',
  clock: { setTimeout: () => () => undefined },
  send: () => true,
  page,
});
const error = (message: string): LogRecord => ({ kind: 'error', error: new Error(message) });
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyBeacons: the transports load with the first record that leaves the phone', () => {
  it('loads nothing for info records, and once for errors and counted events', async () => {
    const control = controlledLoad();
    const send = lazyBeacons(
      options(() => '/a'),
      control.load,
    );
    send({ kind: 'info', message: 'hello' });
    expect(control.loads()).toBe(0);
    send(error('one'));
    send({ kind: 'track', event: 'share', data: { outcome: 'ok' } });
    expect(control.loads()).toBe(1);
    control.settle().resolve();
    await flushPromises();
    expect(control.got.map(({ record }) => record.kind)).toEqual(['error', 'track']);
    send(error('two'));
    expect(control.got).toHaveLength(3); // Once loaded, at once.
  });

  it('replays a held record with the page it happened on (spec §8 row 3: the page of the error)', async () => {
    const control = controlledLoad();
    let page = '/first';
    const send = lazyBeacons(
      options(() => page),
      control.load,
    );
    send(error('on the first page'));
    page = '/second';
    control.settle().resolve();
    await flushPromises();
    send(error('on the second page'));
    expect(control.got.map((entry) => entry.page)).toEqual(['/first', '/second']);
  });

  it('holds a bounded number of records while loading', async () => {
    const control = controlledLoad();
    const send = lazyBeacons(
      options(() => '/'),
      control.load,
    );
    for (let i = 0; i < MAX_HELD_RECORDS + 50; i += 1) send(error(String(i)));
    control.settle().resolve();
    await flushPromises();
    expect(control.got).toHaveLength(MAX_HELD_RECORDS);
  });

  it('tries the load again with the next record after a failure', async () => {
    const control = controlledLoad();
    const send = lazyBeacons(
      options(() => '/'),
      control.load,
    );
    send(error('lost with the failed load'));
    control.settle().reject();
    await flushPromises();
    send(error('sent'));
    expect(control.loads()).toBe(2);
    control.settle().resolve();
    await flushPromises();
    expect(control.got.map(({ record }) => (record as { error: Error }).error.message)).toEqual([
      'sent',
    ]);
  });
});
