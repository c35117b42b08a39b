/** Video guides users upload and like (server/src/routes/video-guides.ts, domain/video-guides.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCode, answer, API, byCode, millis } from './shared';

const paged = z.object({
  activityCode,
  page: z.number().int().min(1).max(1000).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
});

/** Today's uploads against the daily limit. */
const submitCount = answer({
  num: z.number().int(),
  limit: z.number().int(),
  left: z.number().int(),
});

/** A guide as a page shows it; other authors only masked. */
const guide = answer({
  guideId: z.number().int(),
  title: z.string(),
  videoUrl: z.string(),
  coverUrl: z.string(),
  likeCount: z.number().int(),
  liked: z.boolean(),
  mine: z.boolean(),
  author: z.string(),
  time: millis,
});

/** Review states (issue 32): only approved guides are shown to other users. */
export const GUIDE_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** One of my guides: also its review state, and the operator's reason when rejected. */
const myGuide = guide.extend({
  status: z.enum(GUIDE_REVIEW_STATUSES),
  rejectReason: z.string().nullable(),
});

export const videoGuidesContracts = {
  'video.addVideoGuide': post(`${API}video/addVideoGuide`, {
    mutation: true,
    input: z.object({
      activityCode,
      title: z.string().trim().min(1).max(60),
      videoUrl: z.string().min(1).max(200),
      coverUrl: z.string().max(200).optional(),
    }),
    output: answer({ guideId: z.number().int(), ...submitCount.shape }),
  }),
  'video.likeVideoPlayerGuide': post(`${API}video/likeVideoPlayerGuide`, {
    mutation: true,
    input: z.object({ activityCode, guideId: z.number().int().min(1) }),
    output: answer({
      guideId: z.number().int(),
      liked: z.boolean(),
      firstTime: z.boolean(),
      likeCount: z.number().int(),
    }),
  }),
  'video.getTodayVideoSubmitNum': get(`${API}video/getTodayVideoSubmitNum`, {
    input: byCode,
    output: submitCount,
  }),
  'video.getMyVideoGuide': get(`${API}video/getMyVideoGuide`, {
    input: paged,
    output: answer({ list: z.array(myGuide) }),
  }),
  // Approved guides only (issue 32).
  'video.getVideoPlayerGuide': get(`${API}video/getVideoPlayerGuide`, {
    input: paged,
    output: answer({ list: z.array(guide) }),
  }),
  'generalActivity.getVideoRank': get(`${API}generalActivity/getVideoRank`, {
    input: z.object({ activityCode, limit: z.number().int().min(1).max(100).default(20) }),
    output: answer({ list: z.array(guide.extend({ rank: z.number().int() })) }),
  }),
} as const;
