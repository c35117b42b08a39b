import { describe, expect, it } from 'vitest';
import { EMBED_ORIGINS, embeddableUrl } from './embed-hosts';

describe('embeddableUrl', () => {
  it('accepts https addresses on the listed origins', () => {
    for (const origin of EMBED_ORIGINS) {
      expect(embeddableUrl(`${origin}/cashier?a=1`)).toBe(`${origin}/cashier?a=1`);
    }
  });

  it.each([
    'http://m.mipay.com/cashier',
    'https://m.mipay.com.evil.example/x',
    'https://evil.example/?https://m.mipay.com',
    'https://user:pw@m.mipay.com/x',
    'https://m.mipay.com:8443/x',
    '//m.mipay.com/x',
    '/mp/activity/offline',
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    ' https://m.mipay.com/x',
    'data:text/html,<script>alert(1)</script>',
    '',
    42,
  ])('refuses %j', (value) => {
    expect(embeddableUrl(value)).toBeNull();
  });
});
