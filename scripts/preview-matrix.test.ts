import { describe, expect, it } from 'vitest';
import {
  indexHtml,
  normalizeRoute,
  parseArgs,
  routeFolder,
  VARIANTS,
  variantName,
} from './preview-matrix';

const known = new Set(['/', '/luckDraw', '/contract/record']);

describe('npm run preview:matrix arguments', () => {
  it('takes routes as the operator writes them, and every page when none is given', () => {
    expect(normalizeRoute('luckDraw')).toBe('/luckDraw');
    expect(normalizeRoute('/mp/activity/contract/record/')).toBe('/contract/record');
    expect(normalizeRoute('/')).toBe('/');
    expect(parseArgs(['luckDraw', 'contract/record'], known).routes).toEqual([
      '/luckDraw',
      '/contract/record',
    ]);
    expect(parseArgs([], known).routes).toEqual(['/', '/contract/record', '/luckDraw']);
  });

  it('refuses a page that does not exist, an unknown option and a malformed date', () => {
    expect(() => parseArgs(['luckdraw'], known)).toThrow(/no page serves \/luckdraw/);
    expect(() => parseArgs(['--apps', 'x'], known)).toThrow(/unknown option --apps/);
    expect(() => parseArgs(['--date', '1 March'], known)).toThrow(/--date/);
    expect(parseArgs(['--date', '2026-03-01T10:00'], known).date).toBe('2026-03-01T10:00');
  });
});

describe('npm run preview:matrix options (issue 34)', () => {
  it('takes the port, the pages at a time and --changed with or without a revision', () => {
    const options = parseArgs(['luckDraw', '--port', '4610', '--jobs', '2'], known);
    expect(options).toMatchObject({ port: 4610, jobs: 2, changedSince: null });
    expect(parseArgs([], known)).toMatchObject({ port: null, jobs: 3 });
    expect(parseArgs(['--changed'], known)).toMatchObject({ changedSince: 'main', routes: [] });
    expect(parseArgs(['--changed=origin/main'], known).changedSince).toBe('origin/main');
  });

  it('refuses a port or a job count out of range, and routes with --changed', () => {
    expect(() => parseArgs(['--port', '70000'], known)).toThrow(/--port: a whole number from 1/);
    expect(() => parseArgs(['--port'], known)).toThrow(/--port needs a value/);
    expect(() => parseArgs(['--jobs', '0'], known)).toThrow(/--jobs/);
    expect(() => parseArgs(['luckDraw', '--changed'], known)).toThrow(/not both/);
  });
});

describe('the matrix', () => {
  it('covers the four apps, logged out and in, in files named after both', () => {
    expect(VARIANTS.map(variantName)).toEqual([
      'browser-logged-out',
      'browser-logged-in',
      'finance-logged-out',
      'finance-logged-in',
      'wallet-logged-out',
      'wallet-logged-in',
      'wechat-logged-out',
      'wechat-logged-in',
    ]);
    expect(routeFolder('/')).toBe('index');
    expect(routeFolder('/contract/record')).toBe('contract/record');
  });

  it('lays the screenshots out in index.html, a failed one as its message', () => {
    const html = indexHtml(
      ['/luckDraw'],
      new Map([['luckDraw/wechat-logged-in.png', 'timeout <60 s>']]),
    );
    expect(html).toContain('<img src="luckDraw/browser-logged-out.png"');
    expect(html).not.toContain('<img src="luckDraw/wechat-logged-in.png"');
    expect(html).toContain('timeout &#60;60 s&#62;');
  });
});
