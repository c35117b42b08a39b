import type { TestApp } from './harness';
import { body, injectSend } from './harness';
import { CookieJar } from './sign-in-flow';
import type { FlowResponse } from './sign-in-flow';

/** One browser part-way through the flow: its cookies and the sign-in page's form actions. */
export async function openSignInPage(
  t: TestApp,
  options: { host?: string; ip?: string; forwardedFor?: string } = {},
) {
  const send = injectSend(t.app, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.forwardedFor ? { forwardedFor: options.forwardedFor } : {}),
    remoteAddress: options.ip ?? '10.9.9.9',
  });
  const jar = new CookieJar();
  const go = async (method: 'GET' | 'POST', path: string, form?: Record<string, string>) => {
    const res = await send({ method, path, cookie: jar.header(), ...(form ? { form } : {}) });
    jar.apply(res.setCookies);
    return res;
  };
  const follow = async (res: FlowResponse): Promise<FlowResponse> => {
    let current = res;
    while (
      current.location !== null &&
      new URL(current.location, 'http://x').pathname.startsWith('/mp/api/')
    ) {
      const url = new URL(current.location, 'http://x');
      current = await go('GET', url.pathname + url.search);
    }
    return current;
  };
  const page = await follow(
    await go('GET', '/mp/api/login?requestUrl=%2Fmp%2Factivity%2FluckDraw'),
  );
  const uid = /interaction\/([\w-]+)\/send/.exec(page.body)?.[1];
  if (!uid) throw new Error(`no sign-in page: ${page.status} ${page.body.slice(0, 200)}`);
  const base = `/mp/api/oidc/interaction/${uid}`;
  return {
    jar,
    page,
    go,
    follow,
    sendCode: (phone: string) => go('POST', `${base}/send`, { phone }),
    submit: (phone: string, code: string) => go('POST', `${base}/login`, { phone, code }),
    inbox: async (phone: string) => {
      const res = await go('GET', `/mp/api/dev/sms-inbox?phone=${phone}`);
      return res.status === 200 ? body<{ code: string }>(res).result.code : null;
    },
  };
}
