import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLocalAssets, prizeArtNames } from './asset-checks';

// Issue 33: prize art by name; a page never shows a broken picture of this site.
function publicDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'public-'));
  mkdirSync(path.join(dir, 'art'));
  mkdirSync(path.join(dir, 'demo'));
  writeFileSync(path.join(dir, 'art', 'coupon.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'art', 'thanks.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'demo', 'banner.png'), '');
  return dir;
}

describe('checkLocalAssets', () => {
  it('passes files that exist, names a missing one at its path, and lists the art names for a wrong one', () => {
    const dir = publicDir();
    const doc = {
      body: [
        { type: 'image', props: { src: '/mp/activity/demo/banner.png?v=2' } },
        { type: 'image', props: { src: '/mp/activity/demo/bannr.png' } },
      ],
      prizes: [{ image: '/mp/activity/art/coupon.svg' }, { image: '/mp/activity/art/cupon.svg' }],
      link: '/mp/activity/luckDraw',
      remote: 'https://cdn.example.com/x.png',
    };
    expect(checkLocalAssets(doc, dir)).toEqual([
      {
        path: ['body', 1, 'props', 'src'],
        code: 'missing-asset',
        message: expect.stringContaining('no such file: public/demo/bannr.png'),
      },
      {
        path: ['prizes', 1, 'image'],
        code: 'missing-asset',
        message:
          'no prize art named "cupon": write /mp/activity/art/<name>.svg with one of coupon, thanks',
      },
    ]);
  });

  it('never looks outside public/', () => {
    expect(checkLocalAssets({ src: '/mp/activity/../package.json' }, publicDir())).toEqual([]);
  });

  it('the repository’s prize art has the names the authoring guide lists', () => {
    expect(prizeArtNames(path.resolve(import.meta.dirname, '../../public'))).toEqual([
      'band',
      'cash',
      'chance',
      'coupon',
      'gift',
      'gold-rice',
      'headphones',
      'movie',
      'music',
      'phone',
      'thanks',
      'vip',
    ]);
  });
});
