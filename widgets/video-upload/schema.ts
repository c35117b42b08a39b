import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { videoUploadMeta } from './meta';

const copy = (fallback: string, description: string) =>
  z.string().min(1).max(60).default(fallback).describe(description);

const hostName = z
  .string()
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
    'expected a host name such as "cdn.example.com"',
  );

export const videoUploadProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The contest's activity; defaults to the page's activity."),
  mode: z
    .enum(['upload', 'mine', 'gallery'])
    .default('upload')
    .describe(
      '"upload": the submission form; "mine": my submissions with their review state (and the reason of a rejection); "gallery": the approved guides, with likes.',
    ),
  title: z.string().max(20).default('上传攻略视频').describe('Heading; empty hides it.'),
  acceptTypes: z
    .array(z.string().regex(/^video\/[\w.+-]+$/))
    .min(1)
    .default(['video/mp4', 'video/quicktime', 'video/webm'])
    .describe('Video types accepted (MIME types); the server checks the bytes again.'),
  maxSizeMb: z
    .number()
    .min(1)
    .max(50)
    .default(50)
    .describe('Largest video, in MB (the server refuses above 50).'),
  minDurationSeconds: z
    .number()
    .int()
    .min(0)
    .max(60)
    .default(3)
    .describe('Shortest video, in seconds.'),
  maxDurationSeconds: z
    .number()
    .int()
    .min(5)
    .max(1800)
    .default(300)
    .describe('Longest video, in seconds.'),
  coverRequired: z.boolean().default(false).describe('A cover image must be chosen to submit.'),
  uploadHosts: z
    .array(hostName)
    .default([])
    .describe(
      'Hosts (besides this site) that an upload link from the server may point at, e.g. a CDN.',
    ),
  titlePlaceholder: copy('给你的攻略起个标题（最多30字）', 'Placeholder of the title field.'),
  pickText: copy('选择视频', 'Button opening the video picker.'),
  coverText: copy('选择封面', 'Button opening the cover picker.'),
  submitText: copy('提交作品', 'The submit button.'),
  limitTemplate: copy('今日还可提交{n}次', 'Submissions left today; {n} is the number.'),
  limitReachedText: copy(
    '今日提交次数已用完，明天再来吧',
    'Shown when no submission is left today.',
  ),
  submittedToast: copy('提交成功，审核通过后展示', 'Announced after a submission.'),
  reviewPendingText: copy(
    '审核中，通过后展示在作品广场',
    '"mine": a guide waiting for review (only its submitter sees it).',
  ),
  reviewApprovedText: copy('已通过审核，正在展示', '"mine": an approved guide.'),
  reviewRejectedText: copy('未通过审核', '"mine": a rejected guide; the reason follows.'),
  rejectReasonLabel: copy('原因：', '"mine": label before the reviewer\'s reason.'),
  likeText: copy('点赞', 'The like button.'),
  likedText: copy('已赞', 'The like button once liked.'),
  emptyText: copy('还没有作品', 'Shown when a list is empty.'),
  loginText: copy('登录后参与视频征集', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  errorText: copy('加载失败', 'Shown when the data cannot be loaded.'),
  notStartedText: copy('活动未开始', 'Shown on the submit button before the activity starts.'),
  endedText: copy('活动已结束', 'Shown on the submit button after the activity ends.'),
  accentColor: cssColor.optional().describe('Colour of buttons and the progress bar.'),
});

export const videoUploadWidget = defineWidget({
  type: 'video-upload',
  description:
    'The player-guide video contest: "upload" picks a video (type, size and duration checked on the device), uploads it with a progress bar and submits it with a title and cover under the daily limit; "mine" lists my submissions with their review state (pending, shown, or rejected with the reviewer\'s reason); "gallery" lists the approved guides with a like button (one like per guide).',
  props: videoUploadProps,
  meta: videoUploadMeta,
  apiCalls: () => [
    'video.getTodayVideoSubmitNum',
    'video.getMyVideoGuide',
    'video.getVideoPlayerGuide',
    'video.likeVideoPlayerGuide',
    'video.addVideoGuide',
    'file.generatePreSignedUri',
    // The cover, through src/services/images/upload-image.ts (issue 32 item 8).
    'file.uploadImage',
  ],
  events: ['submitted', 'liked'],
});

export type VideoUploadProps = z.output<typeof videoUploadProps>;
