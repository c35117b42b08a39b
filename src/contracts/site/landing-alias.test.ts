import { describe, expect, it } from 'vitest';
import { landingLocation } from './landing-alias';

describe('landingLocation (spec §2 deep-link landing pages)', () => {
  it('carries the query over, untouched, to the landing path', () => {
    expect(landingLocation('dlink', '?schema=miwallet%3A%2F%2Fhome')).toBe(
      '/activity/dlink?schema=miwallet%3A%2F%2Fhome',
    );
    expect(landingLocation('dlink-mipay', 'schema=x&timeout=500&limitApp=mipay')).toBe(
      '/activity/dlink-mipay?schema=x&timeout=500&limitApp=mipay',
    );
    expect(landingLocation('dlink', '')).toBe('/activity/dlink');
  });

  it('stays on our own origin whatever the query holds', () => {
    for (const search of ['?//evil.example', '?@evil.example', '?\\evil.example', '?http://evil']) {
      const location = landingLocation('dlink', search);
      expect(new URL(location, 'https://own.example').origin).toBe('https://own.example');
    }
  });
});
