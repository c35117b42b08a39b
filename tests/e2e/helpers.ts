import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { signInThroughFlow } from '../../server/test/sign-in-flow';

/** Campaign routes live under this base path (src/spec/constants.ts BASE_PATH). */
export const BASE = '/mp/activity';
/** The page's way to web login (spec §2 /mp/api/login, with requestUrl), then OpenID Connect. */
export const WEB_LOGIN_REQUEST = /\/mp\/api\/login\?/;
/** The heading of the sign-in page the embedded provider shows (server/src/auth/oidc). */
export const SIGN_IN_HEADING = '手机号登录';

/**
 * A mainland mobile number of its own for every test (and every retry of it), so journeys never
 * share a user: 13 followed by nine digits of an FNV-1a hash of the test's title path.
 */
export function phoneFor(testInfo: TestInfo, salt = ''): string {
  const key = [...testInfo.titlePath, String(testInfo.retry), salt].join('\u0000');
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `13${String(hash % 1_000_000_000).padStart(9, '0')}`;
}

/**
 * Signs `phone` in through the real sign-in (server/src/auth: the spec's entry, the embedded
 * provider's phone + SMS code page, the code read from the development inbox) and lands back on
 * `returnPath` (a campaign route such as '/luckDraw'), logged in.
 */
export async function loginAs(page: Page, phone: string, returnPath: string): Promise<void> {
  const target = `${BASE}${returnPath === '/' ? '/' : returnPath}`;
  await page.goto(`/mp/api/login?requestUrl=${encodeURIComponent(target)}`);
  await submitLoginForm(page, phone);
  await expect(page).toHaveURL((url) => url.pathname + url.search === target);
}

/** The masked phone the product shows for `phone` (138****8123): new users' name. */
export const maskedPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** Fills the sign-in page the browser is on: the phone, the code from the dev inbox, done. */
export async function submitLoginForm(page: Page, phone: string): Promise<void> {
  await expect(page.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  await page.getByLabel('手机号', { exact: true }).fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText(maskedPhone(phone))).toBeVisible();
  const inbox = await page.request.get(`/mp/api/dev/sms-inbox?phone=${phone}`);
  expect(inbox.status()).toBe(200);
  const { result } = (await inbox.json()) as { result: { code: string } };
  await page.getByLabel('短信验证码').fill(result.code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * Signs `phone` in without a page, through the same flow, with a browser context's request
 * API (its cookies land in the context): the crawl and the preview matrix use it.
 */
export async function loginByRequest(
  request: APIRequestContext,
  phone: string,
  base?: string,
): Promise<void> {
  await signInThroughFlow(async ({ method, path, form }) => {
    const res = await request.fetch(base ? new URL(path, base).href : path, {
      method,
      maxRedirects: 0,
      ...(form ? { form } : {}),
    });
    return {
      status: res.status(),
      location: res.headers()['location'] ?? null,
      // The context keeps the cookies itself.
      setCookies: [],
      body: await res.text(),
    };
  }, phone);
}

/** The node of one widget on the page (the engine marks each with data-widget). */
export function widget(page: Page, type: string, nth = 0): Locator {
  return page.locator(`[data-widget="${type}"]`).nth(nth);
}

/** Waits until no skeleton or busy placeholder is left inside `scope`. */
export async function settled(scope: Locator): Promise<void> {
  await expect(scope.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(scope).not.toHaveAttribute('aria-busy', 'true');
}

/** A JSON API path of the reference server, e.g. api('generalActivity/luckDraw'). */
export function api(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`/mp/api/${escaped}(\\?|$)`);
}

/**
 * A real WebM of `seconds` seconds, recorded in the page from a canvas with MediaRecorder (what a
 * phone's browser makes), so a duration check reads a real video.
 */
export async function recordWebmIn(page: Page, seconds: number): Promise<Buffer> {
  const bytes = await page.evaluate(async (ms) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const paint = window.setInterval(() => {
      frame += 1;
      context.fillStyle = `hsl(${(frame * 12) % 360} 80% 50%)`;
      context.fillRect(0, 0, 64, 64);
    }, 66);
    recorder.start(250);
    await new Promise((resolve) => window.setTimeout(resolve, ms));
    recorder.stop();
    await stopped;
    window.clearInterval(paint);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  }, seconds * 1000);
  return Buffer.from(bytes);
}

/** A PNG of `width`×`height` drawn in the page (a picture a visitor could pick). */
export async function drawPngIn(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#e4393c';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#fff';
      context.fillRect(w / 4, h / 4, w / 2, h / 2);
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
