import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { urlProp } from '../../src/engine/document/prop-types';
import { qrCardMeta } from './meta';

export const qrCardProps = z
  .strictObject({
    title: z.string().max(30).optional().describe('Heading of the card (drawn into the image).'),
    subtitle: z.string().max(60).optional(),
    image: urlProp('image').optional().describe('A picture above the code (drawn into the image).'),
    imageAlt: z.string().max(40).default(''),
    kind: z
      .enum(['link', 'text'])
      .default('link')
      .describe(
        'link: the code opens an address of this site or of the provider (checked like every link); text: plain text such as an invitation code (never an address).',
      ),
    value: z
      .string()
      .max(500)
      .optional()
      .describe(
        'What the code holds ({{bindings}} allowed): an address for `link` (a path of this site is made absolute), text for `text`. With `call`, `{value}` in it is replaced by the loaded value.',
      ),
    call: z
      .string()
      .min(1)
      .optional()
      .describe('A catalogue call whose result holds the value (e.g. the invitation code).'),
    params: z.record(z.string(), z.unknown()).optional(),
    field: z
      .string()
      .regex(/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/)
      .default('value')
      .describe('Dotted path of the value in the call result.'),
    login: z
      .boolean()
      .default(true)
      .describe('The call needs a logged-in visitor (shows the login prompt otherwise).'),
    valueLabel: z
      .string()
      .max(20)
      .optional()
      .describe(
        'Shows the loaded value as text under the code after this label (e.g. "邀请码：").',
      ),
    caption: z.string().max(60).optional().describe('Text under the code, e.g. "扫码预约试驾".'),
    alt: z.string().min(1).max(40).default('二维码').describe('Accessible name of the code.'),
    saveLabel: z
      .string()
      .max(12)
      .nullable()
      .default('保存图片')
      .describe('Label of the save-as-image button; null hides it.'),
    loginText: z.string().max(40).default('登录后生成你的专属二维码'),
    errorText: z.string().max(40).default('二维码生成失败，请重试'),
  })
  .superRefine((props, ctx) => {
    if (!props.value && !props.call) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'give a value or a call' });
    }
  });

export const qrCardWidget = defineWidget({
  type: 'qr-card',
  description:
    'A card with a QR code (spec §5: margin 1, scale 5, black on white) for a link or text from props, bindings or a call, an optional title, picture and caption, and a button that saves the card as an image (spec §9 scale 2, the §8 "generating image..." toast and save messages).',
  props: qrCardProps,
  meta: qrCardMeta,
  events: ['saved', 'saveFailed'],
});

export type QrCardProps = z.output<typeof qrCardProps>;
