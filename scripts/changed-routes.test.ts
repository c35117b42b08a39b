import { describe, expect, it } from 'vitest';
import { pageViews, routesTouched, type PageView } from './changed-routes';

const page = (route: string, files: string[], text: string): PageView => ({ route, files, text });

const pages: PageView[] = [
  page(
    '/tongchengMar',
    [
      'campaigns/tongchengMar.json',
      'campaigns/_templates/tongcheng-season.json',
      'campaigns/_templates/tongcheng.json',
    ],
    '{ "activity": { "code": "tongcheng-mar" } } { "type": "lead-form" } "src": "/mp/activity/demo/tongcheng-banner.svg"',
  ),
  page(
    '/tongchengMar/phone',
    ['campaigns/tongchengMar/phone.json', 'campaigns/_templates/tongcheng-phone.json'],
    '{ "activity": { "code": "tongcheng-mar" } } { "type": "lead-form" }',
  ),
  page(
    '/luckDraw',
    ['campaigns/luckDraw.json'],
    '{ "activityCode": "demo-luckdraw", "type": "lucky-draw" }',
  ),
];
const codes: Record<string, string> = { 'server/activities/tongcheng-mar.json': 'tongcheng-mar' };
const touched = (...files: string[]) => routesTouched(files, pages, (f) => codes[f] ?? null);

describe('the pages a change touches (preview:matrix --changed, issue 34)', () => {
  it('a page, a template it extends, an activity it names, a widget or a picture it uses', () => {
    expect(touched('campaigns/luckDraw.json').routes).toEqual(['/luckDraw']);
    expect(touched('campaigns/_templates/tongcheng.json').routes).toEqual(['/tongchengMar']);
    expect(touched('server/activities/tongcheng-mar.json').routes).toEqual([
      '/tongchengMar',
      '/tongchengMar/phone',
    ]);
    expect(touched('widgets/lucky-draw/wheel-view.tsx').routes).toEqual(['/luckDraw']);
    expect(touched('public/demo/tongcheng-banner.svg').routes).toEqual(['/tongchengMar']);
    expect(
      touched('docs/authoring.md', 'tests/e2e/x.spec.ts', 'src/engine/a.test.ts').routes,
    ).toEqual([]);
    expect(touched('campaigns/luckDraw.json').reasons.get('/luckDraw')).toBe(
      'campaigns/luckDraw.json',
    );
  });

  it('every page when the engine, a shared widget helper or the build changes', () => {
    for (const file of [
      'src/engine/render/node-view.tsx',
      'widgets/_campaign-kit/x.ts',
      'package-lock.json',
    ]) {
      const result = touched('docs/x.md', file);
      expect(result.every).toBe(file);
      expect(result.routes).toEqual(['/luckDraw', '/tongchengMar', '/tongchengMar/phone']);
    }
  });

  it('reads the project: a page with the templates it extends', () => {
    const views = pageViews('.');
    expect(views.find((v) => v.route === '/tongchengMar/detail')?.files).toEqual([
      'campaigns/tongchengMar/detail.json',
      'campaigns/_templates/tongcheng-detail.json',
    ]);
  });
});
