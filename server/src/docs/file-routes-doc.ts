import { IMAGE_MAX_BYTES, STORED_NAME, UPLOAD_TOKEN, VIDEO_MAX_BYTES } from '../domain/file-store';
import { answer, success } from './openapi-answers';

/**
 * The OpenAPI description of the storage routes (routes/files.ts), which take and give raw bytes
 * rather than the calls' parameters, so they describe themselves here (route config `openApi`).
 */

const BINARY = { type: 'string', format: 'binary' } as const;
const unavailable = answer('database unavailable; retry after Retry-After');

/** PUT or POST to the link file.generatePreSignedUri answers (spec §7 Files: "a given link"). */
export function uploadDoc(method: 'put' | 'post') {
  return {
    operationId: `file.put.${method}`,
    tags: ['file'],
    description:
      'spec §7 Files: the one-time upload link (`uploadUrl`) that file.generatePreSignedUri ' +
      'answers; its path, `expires` and `sig` come from there. No login: the signed link is the ' +
      'authority and works once, until it expires. The body is the file: raw bytes of any ' +
      'content type, or the first file part of a multipart form. Its bytes decide its type: ' +
      'PNG, JPEG, GIF, WebP, and for a video link MP4, WebM, QuickTime; at most ' +
      `${IMAGE_MAX_BYTES} bytes for an image, ${VIDEO_MAX_BYTES} for a video.`,
    security: [],
    params: {
      type: 'object',
      required: ['token'],
      properties: {
        token: { type: 'string', pattern: UPLOAD_TOKEN.source, description: 'from the link' },
      },
    },
    querystring: {
      type: 'object',
      required: ['expires', 'sig'],
      properties: {
        expires: { type: 'integer', description: 'from the link: its end, ms since the epoch' },
        sig: { type: 'string', description: 'from the link: its signature' },
      },
    },
    body: {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { ...BINARY, description: 'the first file part (any name)' } },
          },
        },
        '*/*': { schema: BINARY },
      },
    },
    response: {
      200: success('file.uploadImage', 'stored: its address (`url`), name, type and size'),
      400: answer('empty, not a supported type, or an image link given a video'),
      403: answer('invalid, expired or already used link'),
      413: answer('file too large'),
      503: unavailable,
    },
  };
}

const rangeHeader = {
  'Content-Range': { type: 'string', description: '`bytes a-b/size`, or `bytes */size` on 416' },
};

/** GET a stored file (fileUrl in domain/file-store.ts), with byte ranges for mobile video. */
export const objectDoc = {
  operationId: 'file.object',
  tags: ['file'],
  description:
    'Not in spec: a stored upload, at the `url` its upload answered. Public and immutable ' +
    '(Cache-Control), sandboxed by its Content-Security-Policy; one `Range: bytes=…` range ' +
    'answers 206 (mobile Safari plays video only so).',
  security: [],
  params: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', pattern: STORED_NAME.source, description: 'the stored name' },
    },
  },
  headers: {
    type: 'object',
    properties: {
      range: { type: 'string', description: 'one range: `bytes=a-b`, `bytes=a-` or `bytes=-n`' },
    },
  },
  response: {
    200: {
      description: 'the file, with the type its bytes were stored as',
      content: { 'image/*': { schema: BINARY }, 'video/*': { schema: BINARY } },
    },
    206: {
      description: 'the range asked for',
      headers: rangeHeader,
      content: { 'image/*': { schema: BINARY }, 'video/*': { schema: BINARY } },
    },
    404: answer('no such file'),
    416: { type: 'null', description: 'the range is outside the file', headers: rangeHeader },
    503: unavailable,
  },
};
