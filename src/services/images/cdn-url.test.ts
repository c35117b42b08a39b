import { describe, expect, it } from 'vitest';
import { IMAGE_CDN_THUMBNAIL_QUALITY } from '../../spec/constants';
import { thumbnailUrl } from './cdn-url';

const q = IMAGE_CDN_THUMBNAIL_QUALITY;

describe('thumbnailUrl (spec §5, §9)', () => {
  it('leaves addresses starting with https unchanged, even with options', () => {
    const src = 'https://cdn.example/a.png?x=1';
    expect(thumbnailUrl(src, { width: 100, webp: true })).toBe(src);
  });

  it('adds the thumbnail quality and size to other addresses', () => {
    expect(thumbnailUrl('http://cdn.example/a.png', { width: 300, height: 200, webp: false })).toBe(
      `http://cdn.example/a.png?thumb=1&w=300&h=200&q=${q}`,
    );
    expect(thumbnailUrl('//cdn.example/a.png?v=2#k', { webp: false })).toBe(
      `//cdn.example/a.png?v=2&thumb=1&q=${q}#k`,
    );
  });

  it('asks for webp only when supported', () => {
    expect(thumbnailUrl('//cdn/a.png', { webp: true })).toBe(`//cdn/a.png?thumb=1&q=${q}&f=webp`);
    expect(thumbnailUrl('//cdn/a.png', { webp: false })).not.toContain('webp');
  });

  it('the rule is the literal prefix: other spellings are not https-prefixed', () => {
    expect(thumbnailUrl('HTTPS://cdn/a.png', { webp: false })).toContain('thumb=1');
  });

  it('leaves data, blob and empty addresses alone', () => {
    for (const src of ['', 'data:image/png;base64,AA', 'blob:http://x/1']) {
      expect(thumbnailUrl(src, { webp: true })).toBe(src);
    }
  });
});
