import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { IMAGE_HOST_SUFFIXES } from '../../src/contracts/hosts/image-hosts';
import { APP_SCHEMES } from '../../src/contracts/hosts/allow-list';
import { EMBED_ORIGINS } from '../../src/contracts/hosts/embed-hosts';
import { CONTENT_SECURITY_POLICY, registerSecurityHeaders } from '../src/static/security-headers';

async function serve(trustProxy = false) {
  const app = Fastify({ trustProxy });
  registerSecurityHeaders(app);
  app.get('/page', async () => 'ok');
  await app.ready();
  return app;
}

describe('security headers (issue 19)', () => {
  it('let the deep-link launcher frame every app scheme it may open, and no other scheme', () => {
    const frameSrc = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('frame-src'));
    for (const scheme of APP_SCHEMES) expect(frameSrc).toContain(` ${scheme}:`);
    expect(frameSrc).not.toMatch(/javascript:|data:|\*/);
  });

  it('frame exactly the iframe-embed allow-list among web pages (not any https page)', () => {
    const frameSrc = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('frame-src'));
    const web = (frameSrc ?? '')
      .split(' ')
      .slice(1)
      .filter((source) => !APP_SCHEMES.some((scheme) => source === `${scheme}:`));
    expect(web).toEqual(["'self'", ...EMBED_ORIGINS]);
  });

  it('admit images and media from exactly the image CDN list the URL policy uses (§5, issue 19)', () => {
    const directive = (name: string) =>
      CONTENT_SECURITY_POLICY.split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ')
        .slice(1);
    const hosts = IMAGE_HOST_SUFFIXES.flatMap((rule) => [`https://${rule}`, `https://*.${rule}`]);
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:', ...hosts]);
    expect(directive('media-src')).toEqual(["'self'", 'blob:', ...hosts]);
    // Not any https host: a bound image elsewhere is refused by the policy and by the browser.
    expect(directive('img-src')).not.toContain('https:');
  });

  it('allow the motion sensors to our own origin and deny the rest', async () => {
    const app = await serve();
    const policy = String((await app.inject('/page')).headers['permissions-policy']);
    expect(policy).toContain('accelerometer=(self)');
    expect(policy).toContain('gyroscope=(self)');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  it('send HSTS only on responses that came over https', async () => {
    const plain = await serve();
    expect((await plain.inject('/page')).headers['strict-transport-security']).toBeUndefined();
    const proxied = await serve(true);
    const response = await proxied.inject({
      url: '/page',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
