import { describe, expect, it } from 'vitest';
import { BASE_PATH } from '../../spec/constants';
import { fileToRoute, normalizeRoutePath, routeOfPathname } from './route-table';

describe('file-based routes (spec §2: everything under /mp/activity/)', () => {
  it('maps files under campaigns/ to routes', () => {
    expect(fileToRoute('index.json')).toBe('/');
    expect(fileToRoute('luckDraw.json')).toBe('/luckDraw');
    expect(fileToRoute('contract/record.json')).toBe('/contract/record');
    expect(fileToRoute('contract/index.json')).toBe('/contract');
    expect(fileToRoute('contract-beta/cash-out.json')).toBe('/contract-beta/cash-out');
  });

  it('leaves templates and non-JSON files out', () => {
    expect(fileToRoute('_templates/tongcheng.json')).toBeNull();
    expect(fileToRoute('contract/_parts.json')).toBeNull();
    expect(fileToRoute('readme.md')).toBeNull();
  });

  it('normalizes the browser path to a route key', () => {
    expect(normalizeRoutePath('')).toBe('/');
    expect(normalizeRoutePath('/')).toBe('/');
    expect(normalizeRoutePath('/luckDraw/')).toBe('/luckDraw');
  });
});

describe('routeOfPathname', () => {
  it('maps a pathname under the base path to its route (spec §2 base path)', () => {
    expect(routeOfPathname('/mp/activity/', BASE_PATH)).toBe('/');
    expect(routeOfPathname('/mp/activity', BASE_PATH)).toBe('/');
    expect(routeOfPathname('/mp/activity/luckDraw', BASE_PATH)).toBe('/luckDraw');
    expect(routeOfPathname('/mp/activity/contract/record/', BASE_PATH)).toBe('/contract/record');
    expect(routeOfPathname('/MP/Activity/luckDraw', BASE_PATH)).toBe('/luckDraw');
  });

  it('gives nothing outside the base path', () => {
    expect(routeOfPathname('/activity/dlink', BASE_PATH)).toBeNull();
    expect(routeOfPathname('/mp/activityX/luckDraw', BASE_PATH)).toBeNull();
  });
});
