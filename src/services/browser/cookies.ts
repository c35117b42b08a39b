/**
 * Cookie reading and writing, shared by auth, http and storage. The document is passed in, so
 * tests use a fake jar and nothing else touches `document.cookie`.
 */

export interface CookieWriteOptions {
  /** Lifetime in days; omit for a session cookie. */
  days?: number;
  path?: string;
}

export interface CookieJar {
  get(name: string): string | null;
  /** Every readable cookie, in document order. */
  entries(): [name: string, value: string][];
  set(name: string, value: string, options?: CookieWriteOptions): void;
  remove(name: string, options?: Pick<CookieWriteOptions, 'path'>): void;
}

const DAY_SECONDS = 24 * 60 * 60;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Parses a `document.cookie` string ('a=1; b=2'); names and values are URI-decoded. */
export function parseCookieString(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name) continue;
    out.push([safeDecode(name), safeDecode(part.slice(eq + 1).trim())]);
  }
  return out;
}

/** A jar over anything with a `cookie` string property (the document, or a test double). */
export function createDocumentCookies(doc: { cookie: string }): CookieJar {
  const write = (name: string, value: string, maxAge: number | null, path: string) => {
    const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${path}`];
    if (maxAge !== null) parts.push(`max-age=${maxAge}`);
    doc.cookie = parts.join('; ');
  };
  // Widgets ask "logged in?" while rendering, many times a render: parse each cookie string once.
  let parsedText: string | null = null;
  let parsed: [string, string][] = [];
  const current = () => {
    const text = doc.cookie;
    if (text !== parsedText) {
      parsed = parseCookieString(text);
      parsedText = text;
    }
    return parsed;
  };
  return {
    get(name) {
      // First match wins, like the browser's own lookup order (most specific path first).
      for (const [key, value] of current()) if (key === name) return value;
      return null;
    },
    entries: () => [...current()],
    set(name, value, options = {}) {
      const maxAge = options.days === undefined ? null : Math.round(options.days * DAY_SECONDS);
      write(name, value, maxAge, options.path ?? '/');
    },
    remove(name, options = {}) {
      write(name, '', 0, options.path ?? '/');
    },
  };
}

/** An in-memory jar for tests and for Node (the validator and server never see a document). */
export function createMemoryCookies(initial: Record<string, string> = {}): CookieJar & {
  /** Lifetimes (days) passed to the last `set` of each cookie, for assertions. */
  readonly lifetimes: Map<string, number | undefined>;
} {
  const values = new Map<string, string>(Object.entries(initial));
  const lifetimes = new Map<string, number | undefined>();
  return {
    lifetimes,
    get: (name) => values.get(name) ?? null,
    entries: () => [...values.entries()],
    set(name, value, options = {}) {
      values.set(name, value);
      lifetimes.set(name, options.days);
    },
    remove(name) {
      values.delete(name);
      lifetimes.delete(name);
    },
  };
}
