import { expect, test } from '@playwright/test';
import { BASE, loginAs, phoneFor } from './helpers';

// spec §8 row 3: "Other HTTP errors: reported to an error-reporting service as an interface
// exception with url and status, then passed on". The page reports through a beacon; the
// reference server keeps it for operators at /ops/client-errors (issue 18).

test('a failing call on a page reaches the operators’ error list with url and status', async ({
  page,
  request,
}) => {
  await page.route('**/mp/api/configActivity/getSingleConfigActivity4c*', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
  );
  const beacon = page.waitForRequest((r) => r.url().includes('/mp/api/clientError/report'));
  await page.goto(`${BASE}/luckDraw`);
  // The batch leaves within FLUSH_DELAY_MS (src/services/browser/error-beacon.ts).
  await beacon;
  await expect
    .poll(
      async () => {
        const response = await request.get('/ops/client-errors?limit=50', {
          headers: { authorization: 'Bearer e2e-ops-token' },
        });
        const { errors } = (await response.json()) as {
          errors: { kind: string; url: string | null; status: number | null; page: string }[];
        };
        return errors.find(
          (e) =>
            e.kind === 'interface exception' &&
            e.status === 503 &&
            (e.url ?? '').includes('getSingleConfigActivity4c'),
        );
      },
      { timeout: 10_000 },
    )
    .toMatchObject({ page: '/mp/activity/luckDraw' });
});

// spec §4: "Share result events: success, error, save-image success, save-image error". The page
// counts each share's result with its channel and activity; operators read /ops/client-events.
test('a share’s result reaches the operators’ counts for its activity and channel', async ({
  page,
  request,
}, testInfo) => {
  const counted = async () => {
    const response = await request.get('/ops/client-events?activity=repay', {
      headers: { authorization: 'Bearer e2e-ops-token' },
    });
    const { counts } = (await response.json()) as {
      counts: { channel: string; event: string; outcome: string; count: number }[];
    };
    return (
      counts.find(
        (c) => c.event === 'share-result' && c.outcome === 'error' && c.channel === 'none',
      )?.count ?? 0
    );
  };
  const before = await counted();
  await loginAs(page, phoneFor(testInfo), '/repayShare');
  const beacon = page.waitForRequest((r) => r.url().includes('/mp/api/clientEvent/report'));
  await page.getByRole('button', { name: '邀请好友助力' }).click();
  // A plain browser without a share sheet (Debian's Chromium on Linux): spec §8 row 9's message.
  await expect(page.getByText('请确认已安装微信')).toBeVisible();
  await beacon;
  await expect.poll(counted, { timeout: 10_000 }).toBe(before + 1);
});
