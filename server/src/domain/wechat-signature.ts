import { createHash } from 'node:crypto';

/**
 * WeChat JS-SDK signature: sha1 over the four fields in ASCII order, exactly
 * `jsapi_ticket=...&noncestr=...&timestamp=...&url=...`, with the page URL without its '#' part
 * (as the JS-SDK documentation specifies).
 */
export function wechatSignature(fields: {
  jsapiTicket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const url = fields.url.split('#')[0] ?? '';
  const plain =
    `jsapi_ticket=${fields.jsapiTicket}&noncestr=${fields.nonceStr}` +
    `&timestamp=${fields.timestamp}&url=${url}`;
  return createHash('sha1').update(plain).digest('hex');
}
