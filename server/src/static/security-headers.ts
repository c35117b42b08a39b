import type { FastifyInstance } from 'fastify';
import { APP_LOADER_CSP_SOURCE } from '../../../src/contracts/site/app-loader';
import { imageHostSources } from '../../../src/contracts/hosts/image-hosts';
import { APP_SCHEMES } from '../../../src/contracts/hosts/allow-list';
import { EMBED_ORIGINS } from '../../../src/contracts/hosts/embed-hosts';
import { WECHAT_SDK_SCRIPT_URL } from '../../../src/contracts/hosts/wechat-sdk';

/**
 * Content Security Policy for the SPA: our own scripts plus the messaging app's JS-SDK (share
 * inside WeChat, spec §3) and, by its hash, the one inline script of prerendered pages (the
 * loader that starts the app after the first paint, src/contracts/site/app-loader.ts); images and media also from the image CDN, exactly the hosts of
 * src/contracts/hosts/image-hosts.ts (the list the URL policy checks image props against, issue 19;
 * data: and blob: for images the page draws itself, e.g. the QR card and share images); inline styles
 * because prerendered pages carry the root font size and widgets' computed styles (spec §2);
 * frames for the embedded payment page (/iframeMobilepay: exactly the iframe-embed allow-list,
 * src/contracts/hosts/embed-hosts.ts, never any https page) and for the app schemes the deep-link
 * launcher opens in a hidden iframe (spec §4; the same list the launcher allows).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${APP_LOADER_CSP_SOURCE} ${new URL(WECHAT_SDK_SCRIPT_URL).origin}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: ${imageHostSources().join(' ')}`,
  `media-src 'self' blob: ${imageHostSources().join(' ')}`,
  "font-src 'self' data:",
  "connect-src 'self'",
  `frame-src 'self' ${EMBED_ORIGINS.join(' ')} ${APP_SCHEMES.map((scheme) => `${scheme}:`).join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Browser features the pages may use: the motion sensors of the shake and raise-head draws, on
 * our own origin; nothing else (issue 19).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=(self)',
  'gyroscope=(self)',
  'magnetometer=()',
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
].join(', ');

/** HTTPS only from now on, for a year: sent only on responses that came over https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    }
    return payload;
  });
}
