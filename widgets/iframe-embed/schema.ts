import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { urlProp } from '../../src/engine/document/prop-types';
import { EMBED_ORIGINS } from '../../src/contracts/hosts/embed-hosts';
import { iframeEmbedMeta } from './meta';

const listed = `one of ${EMBED_ORIGINS.join(', ')}`;

export const iframeEmbedProps = z.strictObject({
  src: urlProp('embed').describe(
    `The page to embed: an https address on the embed allow-list (${listed}).`,
  ),
  srcParam: z
    .string()
    .regex(/^[A-Za-z_]\w{0,31}$/)
    .optional()
    .describe(
      'A query parameter whose value replaces `src` when it is on the allow-list too (checked in the browser; anything else keeps `src`).',
    ),
  title: z
    .string()
    .min(1)
    .max(40)
    .describe('Accessible name of the frame (required: screen readers announce it).'),
  height: z
    .number()
    .int()
    .min(200)
    .max(2000)
    .default(640)
    .describe('Height of the frame, px (the embedded page scrolls inside it).'),
  openText: z
    .string()
    .max(20)
    .default('在新页面打开')
    .describe('Label of the link that opens the embedded page on its own.'),
});

export const iframeEmbedWidget = defineWidget({
  type: 'iframe-embed',
  description:
    "An embedded web page from the embed allow-list only (src/contracts/hosts/embed-hosts.ts, the same list as the server's CSP frame-src), with a required title, a sandbox (scripts, forms and popups; never top navigation) and no referrer.",
  props: iframeEmbedProps,
  meta: iframeEmbedMeta,
  events: ['load'],
});

export type IframeEmbedProps = z.output<typeof iframeEmbedProps>;
