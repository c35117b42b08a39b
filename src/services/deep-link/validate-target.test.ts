import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_SCHEMES, isProviderHost } from '../../contracts/hosts/allow-list';
import { validateTarget, type TargetPolicy } from './validate-target';

// The corpus's "allowed" domain plays our own origin, so its userinfo tricks are meaningful.
const OWN = 'https://www.whitelisteddomain.tld';
const strict: TargetPolicy = { ownOrigin: OWN };
const relative: TargetPolicy = { ownOrigin: OWN, allowRelative: true };

const CORPORA = new URL('../../../../shared/corpora/', `file://${__dirname}/`);
const CORPUS = new URL('redirect/payloads.txt', CORPORA);
const XSS_CORPUS = new URL('xss/payloads.json', CORPORA);

/** The re-emitted URL must stay inside the allowed set: our origin, a provider host, an app. */
function expectInsideAllowedSet(url: string) {
  const parsed = new URL(url);
  const scheme = parsed.protocol.slice(0, -1);
  if (scheme === 'http' || scheme === 'https') {
    const inside = parsed.origin === OWN || isProviderHost(parsed.hostname);
    expect(inside, `left the allowed hosts: ${url}`).toBe(true);
  } else {
    expect(APP_SCHEMES, `left the allowed schemes: ${url}`).toContain(scheme);
  }
}

function readCorpus(url: URL): string[] | null {
  if (!existsSync(url)) return null;
  return readFileSync(url, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
}

/** Runs every entry through both policies; accepted ones must stay inside the allowed set. */
function checkAll(entries: string[]): number {
  let accepted = 0;
  for (const entry of entries) {
    for (const policy of [strict, relative]) {
      const result = validateTarget(entry, policy);
      if (result.ok) {
        accepted += 1;
        expectInsideAllowedSet(result.url);
      } else {
        expect(result.reason).not.toBe('');
      }
    }
  }
  return accepted;
}

describe('validateTarget: public corpora (../shared/corpora)', () => {
  const redirects = readCorpus(CORPUS);
  it.skipIf(redirects === null)(
    redirects === null
      ? `SKIPPED: redirect corpus missing at ${CORPUS.pathname}`
      : 'no accepted open-redirect payload leaves the allowed set',
    () => {
      const lines = redirects ?? [];
      expect(lines.length).toBeGreaterThan(100);
      // Relative paths resolve onto our own origin: some are accepted, all stay home.
      expect(checkAll(lines)).toBeGreaterThan(0);
    },
  );

  const xss = existsSync(XSS_CORPUS)
    ? (JSON.parse(readFileSync(XSS_CORPUS, 'utf8')) as unknown[]).filter(
        (p): p is string => typeof p === 'string',
      )
    : null;
  it.skipIf(xss === null)(
    xss === null
      ? `SKIPPED: xss corpus missing at ${XSS_CORPUS.pathname}`
      : 'no accepted XSS payload leaves the allowed set; no javascript: URL is accepted',
    () => {
      checkAll(xss ?? []);
      for (const payload of xss ?? []) {
        const result = validateTarget(payload, relative);
        if (result.ok) expect(new URL(result.url).protocol).not.toBe('javascript:');
      }
    },
  );
});

describe('validateTarget: schemes', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\r\nscript:alert(1)',
    ' \u0000javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'content://com.android.contacts/contacts',
    'blob:https://www.whitelisteddomain.tld/uuid',
  ])('refuses %j with a named reason', (input) => {
    const result = validateTarget(input, relative);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/never allowed/);
  });

  it.each(['intent://scan/#Intent;scheme=zxing;end', 'ftp://mi.com/x', 'tel:123', 'evilapp://x'])(
    'refuses unknown scheme %j',
    (input) => {
      const result = validateTarget(input, strict);
      expect(result).toEqual({ ok: false, reason: expect.stringMatching(/unknown scheme/) });
    },
  );

  it('accepts app schemes, any case, and re-emits them normalised', () => {
    expect(validateTarget('MIPAY://open?x=1', strict)).toEqual({
      ok: true,
      url: 'mipay://open?x=1',
      kind: 'app',
    });
    expect(validateTarget('weixin://dl/business', strict)).toMatchObject({ ok: true });
  });

  it('refuses app schemes where the caller only wants web links', () => {
    const result = validateTarget('mipay://open', { ownOrigin: OWN, allowAppSchemes: false });
    expect(result.ok).toBe(false);
  });

  it('refuses empty and non-string input', () => {
    expect(validateTarget('', strict).ok).toBe(false);
    expect(validateTarget('   ', strict).ok).toBe(false);
    expect(validateTarget(undefined, strict).ok).toBe(false);
    expect(validateTarget(42, strict).ok).toBe(false);
  });
});

describe('validateTarget: hosts', () => {
  it('accepts our own origin and provider hosts on a dot boundary', () => {
    expect(validateTarget(`${OWN}/mp/activity/`, strict)).toMatchObject({ ok: true, kind: 'own' });
    expect(validateTarget('https://m.mi.com/a', strict)).toMatchObject({ kind: 'provider' });
    expect(validateTarget('https://mi.com/', strict)).toMatchObject({ kind: 'provider' });
    expect(validateTarget('https://evilmi.com/', strict).ok).toBe(false);
    expect(validateTarget('https://mi.com.evil.net/', strict).ok).toBe(false);
    expect(validateTarget('https://evil.net/?x=.mi.com', strict).ok).toBe(false);
    expect(validateTarget('https://evil.net/.mi.com', strict).ok).toBe(false);
  });

  it('refuses userinfo, even when the real host is ours', () => {
    expect(validateTarget('https://evil.com@www.whitelisteddomain.tld/', strict)).toEqual({
      ok: false,
      reason: 'credentials in URL',
    });
    expect(validateTarget('https://www.whitelisteddomain.tld@evil.com/', strict).ok).toBe(false);
  });

  it('treats backslashes as the browser does', () => {
    // '\\' is a '/' in special schemes: these point at evil.com.
    expect(validateTarget('https:\\\\evil.com', strict).ok).toBe(false);
    expect(validateTarget('\\\\evil.com', relative).ok).toBe(false);
    expect(validateTarget('/\\evil.com', relative).ok).toBe(false);
    // ...and here the '\\' ends the host, so the browser goes to m.mi.com: so do we.
    expect(validateTarget('https://m.mi.com\\@evil.com', strict)).toMatchObject({
      ok: true,
      url: 'https://m.mi.com/@evil.com',
    });
  });

  it('protocol-relative input is refused, whatever its host (issue 19: one URL policy)', () => {
    expect(validateTarget('//evil.com', relative).ok).toBe(false);
    expect(validateTarget('//evil.com', strict).ok).toBe(false);
    // Even a provider host: the validator refuses "//host" too, so the two cannot disagree.
    expect(validateTarget('//m.mi.com/x', relative).ok).toBe(false);
  });

  it('relative paths stay on our origin, and only when allowed', () => {
    expect(validateTarget('/mp/activity/bank', strict).ok).toBe(false);
    expect(validateTarget('/mp/activity/bank', relative)).toEqual({
      ok: true,
      url: `${OWN}/mp/activity/bank`,
      kind: 'own',
    });
    // An encoded colon is a path, not a scheme.
    expect(validateTarget('/javascript%3Aalert(1)', relative)).toMatchObject({
      ok: true,
      url: `${OWN}/javascript%3Aalert(1)`,
    });
    // A path must start with "/" (issue 19): "page.html" is refused, not resolved.
    expect(validateTarget('javascript%3Aalert(1)', relative).ok).toBe(false);
  });

  it('encoded control characters do not change the host', () => {
    expect(validateTarget('https://evil.com%09.mi.com/', strict).ok).toBe(false);
    expect(validateTarget('https://evil.com%00.mi.com/', strict).ok).toBe(false);
    expect(validateTarget('https://m.mi.com%2f@evil.com/', strict).ok).toBe(false);
    expect(validateTarget('/%09/evil.com', relative)).toMatchObject({ ok: true, kind: 'own' });
  });

  it('unicode hosts are compared after IDNA mapping', () => {
    // Ideographic full stop maps to '.', so this is evil.com.
    expect(validateTarget('https://evil。com', strict).ok).toBe(false);
    // Full-width letters map to ASCII: this really is m.mi.com.
    expect(validateTarget('https://ｍ.ｍｉ.ｃｏｍ/x', strict)).toEqual({
      ok: true,
      url: 'https://m.mi.com/x',
      kind: 'provider',
    });
    // A Cyrillic 'і' is a different host (punycode), not mi.com.
    expect(validateTarget('https://mі.com/', strict).ok).toBe(false);
  });

  it('uppercase schemes and hosts are normalised, and the output is the parsed URL', () => {
    const result = validateTarget('HTTPS://M.MI.COM/a b?q=<x>', strict);
    expect(result).toEqual({ ok: true, url: 'https://m.mi.com/a%20b?q=%3Cx%3E', kind: 'provider' });
  });

  it('IP literals and numeric hosts are refused', () => {
    expect(validateTarget('http://3627734734', strict).ok).toBe(false);
    expect(validateTarget('http://[::ffff:216.58.214.206]', strict).ok).toBe(false);
  });
});
