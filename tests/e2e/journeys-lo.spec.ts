import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, phoneFor, settled, widget } from './helpers';
import { bridgeToasts, useFakeBridge } from './fake-bridge';

// ?fakeBridge=<app> addresses below open the page inside a fake provider app.
test.beforeEach(({ page }) => useFakeBridge(page));

// Journeys of families L (new product and car) and O (help, utility) of ../shared/BREADTH.md,
// against the reference server. spec §5 (QR), §8 (save-image messages, 'generating image...'),
// §9 (share image scale 2), §2 (/activity/dlink).

test.use({ viewport: { width: 375, height: 812 } });

/** The invitation code the server holds for the logged-in visitor (one per user). */
async function invitationCode(page: Page): Promise<string> {
  const response = await page.request.post('/mp/api/invitationPassword/getInvitationPassword', {
    data: {},
  });
  const body = (await response.json()) as { code: number; result: { password: string } };
  expect(body.code).toBe(0);
  return body.result.password;
}

const toast = (page: Page, text: string) => page.getByTestId('ui-toast').filter({ hasText: text });

/**
 * Holds the html2canvas chunk back for a moment, as a slow network would: the progress toast
 * (spec §8 'generating image...') is then on screen long enough to be seen, and checked.
 */
async function slowImageDrawing(page: Page): Promise<void> {
  await page.route(/\/assets\/html2canvas-[\w-]+\.js/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
}

/** Records the text of every toast shown from now on (the progress toast may last only ms). */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    // From the records, not the document: a toast may be gone by the time the callback runs.
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const toasts = node.matches('[data-testid="ui-toast"]')
            ? [node]
            : [...node.querySelectorAll('[data-testid="ui-toast"]')];
          for (const toast of toasts) {
            const text = toast.textContent ?? '';
            if (!seen.includes(text)) seen.push(text);
          }
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

test('register for a test drive (/miCar/tasting): saved once, shown back, masked', async ({
  page,
}, testInfo) => {
  const phone = phoneFor(testInfo);
  await loginAs(page, phone, '/miCar/tasting');
  const form = widget(page, 'lead-form');
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  await expect(form.getByLabel('手机号')).toHaveValue(masked);
  // Nothing typed: refused on the page, in Chinese, and nothing is sent.
  await form.getByRole('button', { name: '立即预约' }).click();
  await expect(form.getByLabel('姓名')).toHaveAccessibleDescription('请填写姓名');

  await form.getByLabel('姓名').fill('李雷');
  await form.getByLabel('意向城市').selectOption('杭州');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/mp/api/leads/save') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: '立即预约' }).click();
  expect((await saved).status()).toBe(200);

  // The page now shows the lead the server holds (leads/status), and the form is gone.
  const booked = page.getByRole('article').filter({ hasText: '你已预约试驾' });
  await expect(booked).toContainText('联系人：李雷');
  await expect(booked).toContainText(`联系电话：${masked}`);
  await expect(booked).toContainText('意向城市：杭州');
  await expect(widget(page, 'lead-form')).toHaveCount(0);
  const status = await page.request.get('/mp/api/leads/status', {
    params: { activityCode: 'mi-car' },
  });
  const body = (await status.json()) as { result: { saved: boolean; lead: { city: string } } };
  expect(body.result).toMatchObject({ saved: true, lead: { city: '杭州' } });

  // A second registration changes nothing (once per visitor and activity).
  const again = await page.request.post('/mp/api/leads/save', {
    data: { activityCode: 'mi-car', name: '韩梅梅', phone: '13900000000', city: '北京' },
  });
  const second = (await again.json()) as {
    result: { alreadySaved: boolean; lead: { name: string } };
  };
  expect(second.result).toMatchObject({ alreadySaved: true, lead: { name: '李雷' } });
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: '你已预约试驾' })).toContainText(
    '联系人：李雷',
  );

  // tasting2 is another activity: registration is open there.
  await page.goto(`${BASE}/miCar/tasting2`);
  await expect(widget(page, 'lead-form').getByRole('button', { name: '立即预约' })).toBeVisible();
});

test.describe('save the invitation image (/miCar/invitation)', () => {
  test('in the app: the card is drawn and saved through the bridge (spec §8)', async ({
    page,
  }, testInfo) => {
    // ?fakeBridge=finance: the finance app's bridge, whose saveImage answers code 0.
    await loginAs(page, phoneFor(testInfo), '/miCar/invitation?fakeBridge=finance');
    const card = widget(page, 'qr-card');
    await settled(card);
    const code = await invitationCode(page);
    await expect(card.getByText(code)).toBeVisible();
    await expect(card.getByRole('img', { name: '试驾邀请二维码' })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );
    await slowImageDrawing(page);
    const toasts = await recordToasts(page);
    await card.getByRole('button', { name: '保存邀请函' }).click();
    // The progress toast stays the web kit's (keep-alive: the page closes it); the result is a
    // plain toast, the app's own inside the app (spec §7, src/ui/native-ui.ts).
    await expect(toast(page, '图片生成中...')).toBeVisible();
    await expect.poll(() => bridgeToasts(page), { timeout: 15_000 }).toEqual(['保存成功']);
    expect(await toasts()).toEqual(['图片生成中...']);
    // The bridge got the drawn card as a PNG data URL.
    const saved = await page.evaluate(() =>
      (
        window as unknown as {
          MiFinanceBridge: { calls: { method: string; args: { image?: string } }[] };
        }
      ).MiFinanceBridge.calls
        .filter((call) => call.method === 'saveImage')
        .map((call) => call.args.image?.slice(0, 22)),
    );
    expect(saved).toEqual(['data:image/png;base64,']);
  });

  test('in a browser: the card downloads as a PNG', async ({ page }, testInfo) => {
    await loginAs(page, phoneFor(testInfo), '/miCar/invitation');
    const card = widget(page, 'qr-card');
    await settled(card);
    await expect(card.getByRole('img', { name: '试驾邀请二维码' })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );
    await slowImageDrawing(page);
    const toasts = await recordToasts(page);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: '保存邀请函' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('invitation.png');
    const path = await file.path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(path);
    // A PNG, drawn at scale 2 (spec §9): wider than the card's 343 CSS px.
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBeGreaterThanOrEqual(2 * 300);
    await expect(toast(page, '保存成功')).toBeVisible();
    expect(await toasts()).toEqual(['图片生成中...', '保存成功']);
  });

  test('logged out: a login prompt instead of a code, nothing to save', async ({ page }) => {
    await page.goto(`${BASE}/miCar/invitation`);
    const card = widget(page, 'qr-card');
    await expect(card.getByText('登录后生成你的专属试驾邀请函')).toBeVisible();
    await expect(card.getByRole('button', { name: '保存邀请函' })).toHaveCount(0);
  });
});

test('the FAQ opens an answer (/helpCenter)', async ({ page }) => {
  await page.goto(`${BASE}/helpCenter`);
  const faq = widget(page, 'faq');
  const question = faq.getByRole('button', { name: '抽奖机会如何获得？' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  const answer = faq.getByRole('region', { name: '抽奖机会如何获得？' });
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('每日首次进入活动页面可获得1次抽奖机会');
  // Another topic: the tab shows its own questions.
  await page.getByRole('tab', { name: '奖品发放' }).click();
  await widget(page, 'faq').getByRole('button', { name: '奖品什么时候发放？' }).click();
  await expect(page.getByRole('region', { name: '奖品什么时候发放？' })).toContainText('工作日');
});

test.describe('/dlink lands like /activity/dlink (spec §2)', () => {
  test('an allowed app link: the same landing page, the query as it was', async ({ page }) => {
    const target = 'miwallet://browser?url=https%3A%2F%2Fwww.mi.com%2F';
    const schema = encodeURIComponent(target);
    await page.goto(`${BASE}/dlink?schema=${schema}`, { waitUntil: 'commit' });
    await expect(page).toHaveURL(`/activity/dlink?schema=${schema}`);
    await expect(
      page.getByRole('button', { name: '打开App' }).or(page.getByRole('link', { name: '打开App' })),
    ).toBeVisible({ timeout: 10_000 });
  });

  test('a javascript: target is refused as at /activity/dlink', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.goto(`${BASE}/dlink?schema=${encodeURIComponent('javascript:alert(1)')}`, {
      waitUntil: 'commit',
    });
    await expect(page.getByText('链接无效或不安全，已阻止打开')).toBeVisible();
    await expect(page.getByRole('button', { name: '打开App' })).toHaveCount(0);
    expect(dialogs).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/activity/dlink');
  });
});

test('/iframeMobilepay frames only the allow-listed cashier, and the CSP admits only it', async ({
  page,
}) => {
  const response = await page.goto(
    `${BASE}/iframeMobilepay?url=${encodeURIComponent('https://evil.example/pay')}`,
  );
  const csp = response?.headers()['content-security-policy'] ?? '';
  const frameSrc = csp.split('; ').find((d) => d.startsWith('frame-src')) ?? '';
  expect(frameSrc).toContain('https://m.mipay.com');
  expect(frameSrc).not.toMatch(/ https: /);
  const frame = page.getByTitle('小米支付收银台');
  await expect(frame).toHaveAttribute('src', 'https://m.mipay.com/cashier');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(frame).not.toHaveAttribute('sandbox', /allow-top-navigation/);
});
