import { describe, expect, it } from 'vitest';
import { fileToRoute, normalizeRoutePath } from './route-table';

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
