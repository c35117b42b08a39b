import type { FastifyInstance } from 'fastify';
import { WECHAT_SDK_SCRIPT_URL } from '../../../src/services/share/wechat-sdk-browser';

/**
 * Content Security Policy for the SPA: our own scripts plus the messaging app's JS-SDK (share
 * inside WeChat, spec §3); images and media also from the
 * image CDN (any https); inline styles because the layout code sets the root font size
 * (spec §2); frames for the embedded payment page (/iframeMobilepay).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${new URL(WECHAT_SDK_SCRIPT_URL).origin}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    return payload;
  });
}
