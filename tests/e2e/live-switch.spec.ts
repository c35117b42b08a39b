import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, loginAs, phoneFor, settled, widget } from './helpers';

/**
 * Issue 34 item 11: an operator turns the draw of a live page off and back on without a
 * deployment (docs/authoring.md "Stopping something on a live page"). The page says so in the
 * button's place, the server refuses the draw, and after turning it back on a draw goes through.
 * /pointsLuckDraw's activity is drawn by no other end-to-end test, so switching it off does not
 * disturb the tests running beside this one.
 */
const ROUTE = '/pointsLuckDraw';
const CODE = 'points-luckdraw';
const PAUSED = '活动暂停中，请稍后再来';
// playwright.config.ts starts the server with this OPS_TOKEN.
const OPERATOR = { authorization: 'Bearer e2e-ops-token' };

function switchDraw(request: APIRequestContext, state: 'off' | 'on', reason: string) {
  return request.post('/mp/api/ops/switches', {
    headers: OPERATOR,
    data: { scope: 'action', activityCode: CODE, action: 'draw', state, reason },
  });
}

test.afterAll(async ({ request }) => {
  // Whatever happened above, leave the draw on for the rest of the suite.
  await switchDraw(request, 'on', 'end-to-end test done');
});

test('live switch: a draw turned off shows the message and is refused; turned on, it draws', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  expect((await switchDraw(request, 'off', 'e2e: wrong prize paid')).status()).toBe(200);

  await loginAs(page, phoneFor(testInfo), ROUTE);
  const draw = widget(page, 'lucky-draw');
  await settled(draw);
  const paused = draw.getByRole('button', { name: PAUSED });
  await expect(paused).toBeVisible();
  await expect(paused).toBeDisabled();
  // The rest of the page works: the prize history link is still there.
  await expect(draw.getByRole('button', { name: '抽奖记录' })).toBeVisible();

  // The server refuses it too, whatever the page shows (the same session).
  const refused = await page.request.post('/mp/api/generalActivity/luckDraw', {
    form: { activityCode: CODE },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe('PAUSED');
  // This page draws with the GET twin (drawCall luckDraw.get): refused the same way.
  const refusedGet = await page.request.get('/mp/api/generalActivity/luckDraw', {
    params: { activityCode: CODE, coordinates: '10,10' },
  });
  expect(refusedGet.status()).toBe(403);
  expect(((await refusedGet.json()) as { error: string }).error).toBe('PAUSED');

  expect((await switchDraw(request, 'on', 'e2e: prize fixed')).status()).toBe(200);
  await page.reload();
  await settled(widget(page, 'lucky-draw'));
  const answer = page.waitForResponse(
    (response) =>
      api('generalActivity/luckDraw').test(new URL(response.url()).pathname) &&
      response.request().method() === 'GET',
  );
  await widget(page, 'lucky-draw').getByRole('button', { name: '抽奖', exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 10_000 });
});
