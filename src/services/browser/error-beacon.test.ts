import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../tests/support/fake-clock';
import {
  BATCH_SIZE,
  CLIENT_ERROR_ENDPOINT,
  createErrorBeacon,
  FLUSH_DELAY_MS,
  MAX_REPORTS_PER_PAGE,
  toReport,
} from './error-beacon';
import { createBrowserLogger } from './logger';

// spec §8 row 3: other HTTP errors are reported as an interface exception with url and status.
/** jsdom's Blob has no text(): read it the old way. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

async function bodies(sent: { url: string; body: Blob | string }[]) {
  return Promise.all(
    sent.map(
      async ({ body }) =>
        JSON.parse(typeof body === 'string' ? body : await readBlob(body)) as {
          release: string;
          records: Record<string, unknown>[];
        },
    ),
  );
}

function setup() {
  const clock = createFakeClock();
  const sent: { url: string; body: Blob | string }[] = [];
  let hidden: (() => void) | null = null;
  const logger = createBrowserLogger({
    console: { error: () => undefined, info: () => undefined },
    send: createErrorBeacon({
      release: 'r1',
      page: () => '/mp/activity/luckDraw',
      clock,
      send: (url, body) => {
        sent.push({ url, body });
        return true;
      },
      onHidden: (flush) => {
        hidden = flush;
      },
    }),
  });
  return { clock, sent, logger, hide: () => hidden?.() };
}

describe('error beacon (spec §8 row 3)', () => {
  it('sends an interface exception with url and status, batched after a short delay', async () => {
    const { clock, sent, logger } = setup();
    logger.report(new Error('HTTP 503'), {
      kind: 'interface exception',
      url: '/mp/api/generalActivity/luckDraw',
      status: 503,
    });
    logger.report(new Error('widget bug'), { widget: 'lucky-draw' });
    logger.track('click');
    expect(sent).toEqual([]);
    clock.advance(FLUSH_DELAY_MS);
    expect(sent.map((s) => s.url)).toEqual([CLIENT_ERROR_ENDPOINT]);
    const [batch] = await bodies(sent);
    expect(batch).toEqual({
      release: 'r1',
      records: [
        {
          kind: 'interface exception',
          message: 'Error: HTTP 503',
          page: '/mp/activity/luckDraw',
          url: '/mp/api/generalActivity/luckDraw',
          status: 503,
        },
        { kind: 'error', message: 'Error: widget bug', page: '/mp/activity/luckDraw' },
      ],
    });
  });

  it('sends a full batch at once, flushes when the page is hidden, and stops after a page’s cap', async () => {
    const { sent, logger, hide } = setup();
    for (let i = 0; i < BATCH_SIZE; i++) logger.report(new Error(`e${i}`));
    expect(sent).toHaveLength(1);
    logger.report(new Error('last words'));
    hide();
    expect(sent).toHaveLength(2);
    for (let i = 0; i < MAX_REPORTS_PER_PAGE * 2; i++) logger.report(new Error('again'));
    hide();
    const records = (await bodies(sent)).flatMap((b) => b.records);
    expect(records).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it('reports nothing but errors, and bounds what it sends', () => {
    expect(toReport({ kind: 'track', event: 'x' }, '/')).toBeNull();
    const long = toReport(
      { kind: 'error', error: 'x'.repeat(5000), context: { status: 1.5 } },
      '/',
    );
    expect(long?.message).toHaveLength(1000);
    expect(long).not.toHaveProperty('status');
  });
});
