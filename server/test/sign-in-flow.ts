import { request } from 'node:http';

/**
 * Signs a phone in through the real flow, as a browser would (issue 35: no back door for
 * tests): GET /mp/api/login → the provider → the sign-in page → send a code → read it from the
 * dev inbox → submit it → the provider → the callback, which sets the session cookies.
 * Transport-agnostic: the harness drives it with Fastify's inject, scripts with fetch.
 */

export interface FlowRequest {
  method: 'GET' | 'POST';
  /** Path and query on the server. */
  path: string;
  /** The Cookie header the jar holds for this request. */
  cookie: string;
  form?: Record<string, string>;
}

export interface FlowResponse {
  status: number;
  location: string | null;
  setCookies: readonly string[];
  body: string;
}

export type FlowSend = (request: FlowRequest) => Promise<FlowResponse>;

/** Cookies by name (paths ignored: every step is on one server). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  apply(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attributes.some((a) => {
        const [key = '', val = ''] = a.trim().split('=');
        return (
          (key.toLowerCase() === 'max-age' && Number(val) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now())
        );
      });
      if (gone || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(names?: readonly string[]): string {
    return [...this.cookies]
      .filter(([name]) => names === undefined || names.includes(name))
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }
}

const pathOf = (location: string) => {
  const url = new URL(location, 'http://flow.invalid');
  return url.pathname + url.search;
};

/** A form's action on the page (the sign-in page's forms post to these). */
function formAction(html: string, suffix: string): string {
  const match = new RegExp(`action="([^"]*/${suffix})"`).exec(html);
  if (!match?.[1]) throw new Error(`sign-in page has no ${suffix} form: ${html.slice(0, 300)}`);
  return match[1];
}

export interface SignedIn {
  jar: CookieJar;
  /** Where the flow landed (requestUrl, absolute). */
  landing: string;
}

/**
 * Where the flow reads the code the server sent: by default the dev inbox
 * (`/mp/api/dev/sms-inbox`); a production demo has none, so its callers read the log instead
 * (codeFromLog).
 */
export type ReadCode = (phone: string) => Promise<string>;

export async function signInThroughFlow(
  send: FlowSend,
  phone: string,
  requestUrl = '/mp/activity/',
  readCode?: ReadCode,
): Promise<SignedIn> {
  const jar = new CookieJar();
  const step = async (request: Omit<FlowRequest, 'cookie'>, expect: number[]) => {
    const res = await send({ ...request, cookie: jar.header() });
    jar.apply(res.setCookies);
    if (!expect.includes(res.status)) {
      throw new Error(
        `sign-in ${request.method} ${request.path}: ${res.status} ${res.body.slice(0, 300)}`,
      );
    }
    return res;
  };
  const follow = async (res: FlowResponse) => {
    let current = res;
    // Redirects until a page (the sign-in page) or the campaign (the end).
    for (let hops = 0; current.location !== null && hops < 8; hops++) {
      const next = pathOf(current.location);
      if (!next.startsWith('/mp/api/')) return { res: current, landing: current.location };
      current = await step({ method: 'GET', path: next }, [200, 302, 303]);
    }
    return { res: current, landing: null };
  };

  const start = await step(
    { method: 'GET', path: `/mp/api/login?requestUrl=${encodeURIComponent(requestUrl)}` },
    [302],
  );
  const { res: page } = await follow(start);
  const sent = await step(
    { method: 'POST', path: formAction(page.body, 'send'), form: { phone } },
    [200],
  );
  const code = readCode
    ? await readCode(phone)
    : (
        JSON.parse(
          (await step({ method: 'GET', path: `/mp/api/dev/sms-inbox?phone=${phone}` }, [200])).body,
        ) as { result: { code: string } }
      ).result.code;
  const submitted = await step(
    { method: 'POST', path: formAction(sent.body, 'login'), form: { phone, code } },
    [303],
  );
  const { landing } = await follow(submitted);
  if (landing === null) throw new Error('sign-in did not come back to the campaign');
  return { jar, landing };
}

/**
 * Sends each step over HTTP to `base()` (a node of a deployment, or one server). `host` sets
 * the Host header, as a balancer in front of several nodes keeps one (fetch cannot set it).
 */
export function httpSend(base: () => string, host?: string): FlowSend {
  return ({ method, path, cookie, form }) =>
    new Promise((resolve, reject) => {
      const payload = form ? new URLSearchParams(form).toString() : null;
      const req = request(
        `${base()}${path}`,
        {
          method,
          headers: {
            ...(host ? { host } : {}),
            ...(cookie ? { cookie } : {}),
            ...(payload !== null
              ? {
                  'content-type': 'application/x-www-form-urlencoded',
                  'content-length': Buffer.byteLength(payload),
                }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location ?? null,
              setCookies: res.headers['set-cookie'] ?? [],
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
}

/**
 * The newest sign-in code sent to `phone` in a server's JSON log lines (the development and demo
 * SMS senders log `{ phone, code }`, server/src/auth/sms/sms-sender.ts); null when none yet.
 */
export function codeFromLog(log: string, phone: string): string | null {
  let code: string | null = null;
  for (const line of log.split('\n')) {
    if (!line.includes(phone) || !line.includes('"code"')) continue;
    try {
      const entry = JSON.parse(line) as { phone?: unknown; code?: unknown };
      if (entry.phone === phone && typeof entry.code === 'string') code = entry.code;
    } catch {
      // not a JSON log line
    }
  }
  return code;
}
