/**
 * spec §8, the error catalogue: all 20 rows, each pointed at the tests that pin it (a unit test
 * where the row is a rule, a Playwright test where the visitor sees it). Fails when a row has no
 * test, or when a named test is no longer in its file (renamed or deleted) (issue 18).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Pin {
  file: string;
  /** The test's title, exactly as written in the file. */
  test: string;
}

/** One entry per §8 row, in the spec's order; `condition` is the row's first column. */
const ROWS: readonly { condition: string; pins: readonly Pin[] }[] = [
  {
    condition:
      "HTTP 502, or body message containing 'Couldn't find a valid connection endpoint for'",
    pins: [
      {
        file: 'src/services/http/http-client.test.ts',
        test: 'sends the browser to the no-service page on HTTP 502, once',
      },
      {
        file: 'src/services/http/http-client.test.ts',
        test: 'treats code 0 with "${message.slice(0, 24)}…" as no service',
      },
    ],
  },
  {
    condition: 'HTTP 401 or body code 401',
    pins: [
      {
        file: 'src/services/http/http-client.test.ts',
        test: 'starts login on HTTP 401 and never re-enters it while it runs',
      },
      { file: 'src/services/http/http-client.test.ts', test: 'starts login on body code 401' },
    ],
  },
  {
    condition: 'Other HTTP errors',
    pins: [
      {
        file: 'src/services/http/http-client.test.ts',
        test: 'reports other HTTP errors as interface exceptions with url and status, then rethrows',
      },
      {
        file: 'tests/e2e/error-reports.spec.ts',
        test: 'a failing call on a page reaches the operators’ error list with url and status',
      },
    ],
  },
  {
    condition: 'Activity-info code not 1',
    pins: [
      {
        file: 'src/services/api/api-client.test.ts',
        test: 'rejects code 0 for activity info (its success code is 1), with error and msg',
      },
    ],
  },
  {
    condition: 'Visit index code not 0',
    pins: [
      {
        file: 'src/services/api/api-client.test.ts',
        test: 'spec §8: a failed %s throws an error carrying the code',
      },
    ],
  },
  {
    condition: 'Gold-rice query failure',
    pins: [
      {
        file: 'src/services/api/api-client.test.ts',
        test: 'spec §8: a failed %s throws an error carrying the code',
      },
    ],
  },
  {
    condition: 'User-info action failure',
    pins: [
      {
        file: 'widgets/user-header/user-header.test.tsx',
        test: '§8 row 7: a user-info failure is silently ignored (defaults, no error, no retry)',
      },
      {
        file: 'tests/e2e/error-catalogue.spec.ts',
        test: '§8 row 7 user-info action failure: silently ignored (the header keeps its defaults, no retry)',
      },
    ],
  },
  {
    condition: 'Native cashier payment unavailable',
    pins: [
      {
        file: 'widgets/vip-goods/vip-goods.test.tsx',
        test: 'spec §8: in a plain browser the upgrade toast shows and no order is opened',
      },
    ],
  },
  {
    condition: 'No share target available / messaging app missing',
    pins: [
      {
        file: 'src/services/share/share-service.test.ts',
        test: 'no share target (no bridge, no share sheet): asks to confirm the messaging app is installed (spec §8 row 9)',
      },
      {
        file: 'tests/e2e/environments.spec.ts',
        test: 'share asks to confirm the messaging app (no share target, spec §8 row 9), login goes to web login, open-app falls back to the download page',
      },
    ],
  },
  {
    condition: 'Image upload conversion returns code 0',
    pins: [
      {
        file: 'src/services/images/upload-image.test.ts',
        test: "§8 row 10: a conversion that returns code 0 without an image shows 'server error'",
      },
      {
        file: 'src/services/images/upload-image.test.ts',
        test: "§8 row 10: a failed call shows the same 'server error' and is reported",
      },
      {
        file: 'src/services/share/share-service.test.ts',
        test: "toasts 'generating image...' while drawing, then shares the image",
      },
      {
        file: 'tests/e2e/error-catalogue.spec.ts',
        test: "§8 row 10 image upload conversion returns code 0: 'server error', and nothing is submitted",
      },
    ],
  },
  {
    condition: 'Share error code -200',
    pins: [
      {
        file: 'src/services/share/share-result.test.ts',
        test: '-200 parameter error, -100 not in client',
      },
    ],
  },
  {
    condition: 'Share error code -100',
    pins: [
      {
        file: 'src/services/share/share-result.test.ts',
        test: '-200 parameter error, -100 not in client',
      },
    ],
  },
  {
    condition: 'Share error code 0',
    pins: [
      {
        file: 'src/services/share/share-result.test.ts',
        test: '0 asks to confirm the channel app is installed (WeChat, QQ, Weibo)',
      },
    ],
  },
  {
    condition: 'Other negative share codes',
    pins: [
      {
        file: 'src/services/share/share-result.test.ts',
        test: 'other negative codes show the client message',
      },
    ],
  },
  {
    condition: 'Save image',
    pins: [
      {
        file: 'src/services/images/save-image.test.ts',
        test: 'not supported: says so and never calls save',
      },
      { file: 'src/services/images/save-image.test.ts', test: 'saved successfully' },
      {
        file: 'src/services/images/save-image.test.ts',
        test: 'save failed, also when the client throws',
      },
      {
        file: 'tests/e2e/journeys-lo.spec.ts',
        test: 'in the app: the card is drawn and saved through the bridge (spec §8)',
      },
      {
        file: 'tests/e2e/journeys-lo.spec.ts',
        test: 'in a browser: the card downloads as a PNG',
      },
    ],
  },
  {
    condition: 'Mini-program launch without messaging app',
    pins: [
      {
        file: 'src/engine/actions/default-handlers.test.ts',
        test: '§8 row 16: without the messaging app, asks to install it, then opens its store page after 1.5 s',
      },
      {
        file: 'tests/e2e/error-catalogue.spec.ts',
        test: '§8 row 16 mini-program launch without messaging app: asks to install it, then the app-store page after 1.5 s; §8 row 18 link open failure logged',
      },
    ],
  },
  {
    condition: 'Mini-program launch unsupported',
    pins: [
      {
        file: 'src/engine/actions/default-handlers.test.ts',
        test: '§8 row 17: outside the wallet client, asks to open the page with the wallet client',
      },
      {
        file: 'tests/e2e/error-catalogue.spec.ts',
        test: '§8 row 17 mini-program launch unsupported: outside the wallet client it asks for the wallet client',
      },
    ],
  },
  {
    condition: 'Link open failure',
    pins: [
      {
        file: 'src/services/deep-link/deep-link-service.test.ts',
        test: 'refuses a bad target, launches nothing, logs the failure (spec §8)',
      },
      {
        file: 'src/services/deep-link/deep-link-service.test.ts',
        test: 'polls every 50 ms, 40 times, then falls back to the fail URL (spec §4)',
      },
      {
        file: 'tests/e2e/error-catalogue.spec.ts',
        test: '§8 row 16 mini-program launch without messaging app: asks to install it, then the app-store page after 1.5 s; §8 row 18 link open failure logged',
      },
    ],
  },
  {
    condition: 'App-store lookup failure',
    pins: [
      {
        file: 'src/services/rules/app-store-url.test.ts',
        test: 'shows the returned error as a toast',
      },
      {
        file: 'tests/e2e/error-catalogue.spec.ts',
        test: '§8 row 19 app-store lookup failure: the returned error is shown as a toast',
      },
    ],
  },
  {
    condition: 'Chunk failures',
    pins: [
      {
        file: 'src/engine/chunks/chunk-errors.test.ts',
        test: 'names script failures ChunkLoadError and style failures CSS_CHUNK_LOAD_FAILED',
      },
    ],
  },
];

const ROOT = process.cwd();
/** The spec, where this checkout has it (the shared folder beside the repository). */
const SPEC = '/work/shared/spec/000_5d4f27bc9ce606dc.txt';

/** The first column of the §8 table, row by row. */
function specRows(text: string): string[] {
  const section = text.slice(text.indexOf('## 8. Error catalogue'), text.indexOf('## 9.'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Condition'))
    .map((line) => line.split('|')[1]?.trim() ?? '');
}

/** A test's title as it appears in source: the quotes around it vary, so it is matched bare. */
function declares(source: string, title: string): boolean {
  const bare = source.replace(/\s*\n\s*/g, ' ');
  return bare.includes(title) && /\b(it|test)\s*\(/.test(bare);
}

describe('spec §8 error catalogue: every row has a test', () => {
  it('lists the 20 rows of the table, once each', () => {
    expect(ROWS).toHaveLength(20);
    expect(new Set(ROWS.map((row) => row.condition)).size).toBe(20);
  });

  it.runIf(existsSync(SPEC))('follows the spec table row by row', () => {
    const rows = specRows(readFileSync(SPEC, 'utf8'));
    expect(rows).toHaveLength(ROWS.length);
    rows.forEach((condition, index) => {
      expect(condition.startsWith(ROWS[index]?.condition ?? '\u0000'), condition).toBe(true);
    });
  });

  it.each(ROWS.map((row, index) => [index + 1, row] as const))(
    'row %i has a test that exists in its file',
    (_index, row) => {
      expect(row.pins.length).toBeGreaterThan(0);
      for (const pin of row.pins) {
        const path = join(ROOT, pin.file);
        expect(existsSync(path), pin.file).toBe(true);
        expect(declares(readFileSync(path, 'utf8'), pin.test), `${pin.file}: ${pin.test}`).toBe(
          true,
        );
      }
    },
  );
});
