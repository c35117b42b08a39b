import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { urlProp } from '../../src/engine/document/prop-types';
import { videoPlayerMeta } from './meta';

export const videoPlayerProps = z.strictObject({
  src: urlProp('media').optional().describe('The video (MP4 or WebM); absent: the activity video.'),
  poster: urlProp('image')
    .optional()
    .describe('Image shown before playing; absent: the activity cover.'),
  useActivityVideo: z
    .boolean()
    .default(false)
    .describe(
      "Take the page activity's videoLink and videoCoverImg (spec §3) where src or poster is absent.",
    ),
  title: z.string().max(30).default('').describe('Heading above the video; empty hides it.'),
  label: z
    .string()
    .min(1)
    .max(60)
    .default('视频')
    .describe('Accessible name of the video when there is no title.'),
  description: z.string().max(200).default('').describe('Text below the video.'),
  captions: z
    .strictObject({
      src: urlProp('media').describe('A WebVTT file.'),
      srcLang: z.string().min(2).max(10).default('zh'),
      label: z.string().min(1).max(20).default('中文字幕'),
    })
    .optional()
    .describe('Subtitles track (WCAG 1.2.2 for videos with speech).'),
  aspectRatio: z
    .enum(['16:9', '4:3', '1:1', '9:16'])
    .default('16:9')
    .describe('Box reserved before the video loads, so the page does not shift.'),
  autoplayMuted: z
    .boolean()
    .default(false)
    .describe('Starts playing muted when shown; never autoplays with sound.'),
  loop: z.boolean().default(false),
  emptyText: z.string().min(1).max(40).default('视频暂未上线').describe('Shown without a video.'),
  errorText: z
    .string()
    .min(1)
    .max(40)
    .default('视频加载失败')
    .describe('Shown when the video cannot be played.'),
});

export const videoPlayerWidget = defineWidget({
  type: 'video-player',
  description:
    'A video with poster and native controls (no autoplay with sound), from the page or the activity video of spec §3, with captions, a fixed box and an error state with retry.',
  props: videoPlayerProps,
  meta: videoPlayerMeta,
  events: ['play', 'ended'],
});

export type VideoPlayerProps = z.output<typeof videoPlayerProps>;
