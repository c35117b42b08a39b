import type { ActivityConfig } from '../config/activity-config';
import type { Queryable } from '../db/types';
import type { GUIDE_REVIEW_STATUSES } from '../../../src/contracts/video-guides';
import { ApiError, badRequest } from '../http/envelope';
import { campaignDay } from './campaign-time';
import { fileUrl, storedNameOf } from './file-store';
import { maskName } from './mask';

interface GuideRow {
  id: number;
  user_id: number;
  title: string;
  video_name: string;
  cover_name: string | null;
  like_count: number;
  created_at: Date;
  nick_name: string;
  review_status: GuideReviewStatus;
  reason: string | null;
}

export type GuideReviewStatus = (typeof GUIDE_REVIEW_STATUSES)[number];

const GUIDE_SELECT = `SELECT g.id, g.user_id, g.title, g.video_name, g.cover_name, g.like_count,
  g.created_at, g.review_status, r.reason, u.nick_name FROM video_guides g
  JOIN users u ON u.id = g.user_id LEFT JOIN video_guide_reviews r ON r.guide_id = g.id`;

/**
 * What another user may see (issue 32): approved guides only. Every list and rank a page reads
 * goes through {@link publicGuides}; a like needs an approved guide too.
 */
const APPROVED = `g.review_status = 'approved'`;

/** A guide as a page shows it; other authors only masked. */
export function guideView(r: GuideRow, viewer: string | null, liked: ReadonlySet<number>) {
  const mine = viewer !== null && String(r.user_id) === viewer;
  return {
    guideId: r.id,
    title: r.title,
    videoUrl: fileUrl(r.video_name),
    coverUrl: r.cover_name ? fileUrl(r.cover_name) : '',
    likeCount: r.like_count,
    liked: liked.has(r.id),
    mine,
    author: mine ? r.nick_name : maskName(r.nick_name),
    time: new Date(r.created_at).getTime(),
  };
}

async function likedBy(db: Queryable, userId: string | null, ids: number[]) {
  if (userId === null || ids.length === 0) return new Set<number>();
  const res = await db.query<{ guide_id: number }>(
    'SELECT guide_id FROM video_guide_likes WHERE user_id = $1 AND guide_id = ANY($2::bigint[])',
    [userId, ids.map(String)],
  );
  return new Set(res.rows.map((r) => Number(r.guide_id)));
}

/**
 * The gallery (newest first) or the rank (most liked first) of an activity: approved guides only,
 * whoever asks (the submitter finds their pending ones in {@link myGuides}).
 */
export async function publicGuides(
  db: Queryable,
  activityCode: string,
  viewer: string | null,
  page: { order: 'latest' | 'rank'; limit: number; offset: number },
) {
  const order = page.order === 'rank' ? 'g.like_count DESC, g.id' : 'g.id DESC';
  const res = await db.query<GuideRow>(
    `${GUIDE_SELECT} WHERE g.activity_code = $1 AND ${APPROVED} ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [activityCode, page.limit, page.offset],
  );
  const liked = await likedBy(
    db,
    viewer,
    res.rows.map((r) => r.id),
  );
  return res.rows.map((r) => guideView(r, viewer, liked));
}

/** My guides in every review state, newest first, with the operator's reason when rejected. */
export async function myGuides(
  db: Queryable,
  activityCode: string,
  userId: string,
  page: { limit: number; offset: number },
) {
  const res = await db.query<GuideRow>(
    `${GUIDE_SELECT} WHERE g.activity_code = $1 AND g.user_id = $2 ORDER BY g.id DESC LIMIT $3 OFFSET $4`,
    [activityCode, userId, page.limit, page.offset],
  );
  const liked = await likedBy(
    db,
    userId,
    res.rows.map((r) => r.id),
  );
  return res.rows.map((r) => ({
    ...guideView(r, userId, liked),
    status: r.review_status,
    rejectReason: r.review_status === 'rejected' ? r.reason : null,
  }));
}

/** An upload of this user of the wanted kind, named by URL or name; 400 otherwise. */
async function ownUpload(tx: Queryable, userId: string, ref: string, kind: 'video' | 'image') {
  const name = storedNameOf(ref);
  const res = name
    ? await tx.query<{ mime: string }>(
        'SELECT mime FROM uploads WHERE name = $1 AND user_id = $2',
        [name, userId],
      )
    : { rows: [] };
  const mime = res.rows[0]?.mime;
  if (!name || !mime?.startsWith(`${kind}/`)) {
    throw badRequest(`${kind === 'video' ? 'videoUrl' : 'coverUrl'} must be one of your uploads`);
  }
  return name;
}

/** Submissions of the user today (campaign day) and the daily limit. */
export async function submitCount(
  db: Queryable,
  activity: ActivityConfig,
  userId: string,
  now: Date,
) {
  const res = await db.query<{ submitted: number }>(
    `SELECT submitted FROM video_submit_counts
     WHERE user_id = $1 AND activity_code = $2 AND submit_day = $3`,
    [userId, activity.activityCode, campaignDay(now)],
  );
  const num = res.rows[0]?.submitted ?? 0;
  const limit = activity.videoGuide.dailySubmitLimit;
  return { num, limit, left: Math.max(0, limit - num) };
}

/**
 * addVideoGuide: the day's counter moves by a conditional upsert (submitted < limit), so
 * concurrent submissions stop exactly at videoGuide.dailySubmitLimit.
 */
export async function addGuide(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  input: { title: string; videoUrl: string; coverUrl?: string | undefined },
  now: Date,
) {
  const video = await ownUpload(tx, userId, input.videoUrl, 'video');
  const cover = input.coverUrl ? await ownUpload(tx, userId, input.coverUrl, 'image') : null;
  const day = campaignDay(now);
  const counted = await tx.query(
    `INSERT INTO video_submit_counts (user_id, activity_code, submit_day, submitted) VALUES ($1, $2, $3, 1)
     ON CONFLICT (user_id, activity_code, submit_day)
     DO UPDATE SET submitted = video_submit_counts.submitted + 1
     WHERE video_submit_counts.submitted < $4 RETURNING submitted`,
    [userId, activity.activityCode, day, activity.videoGuide.dailySubmitLimit],
  );
  if (counted.rowCount === 0)
    throw new ApiError(409, 'daily submission limit reached', 'SUBMIT_LIMIT');
  const res = await tx.query<{ id: number }>(
    `INSERT INTO video_guides (user_id, activity_code, title, video_name, cover_name, submit_day, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [userId, activity.activityCode, input.title, video, cover, day, now],
  );
  return { guideId: Number(res.rows[0]?.id), ...(await submitCount(tx, activity, userId, now)) };
}

/** A like counts once per user and video: the like's primary key decides, the count follows. */
export async function likeGuide(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  guideId: number,
) {
  // A guide not (yet) approved is unknown to a liker, as it is to the gallery (issue 32).
  const exists = await tx.query(
    `SELECT 1 FROM video_guides g WHERE g.id = $1 AND g.activity_code = $2 AND ${APPROVED}`,
    [guideId, activity.activityCode],
  );
  if (exists.rowCount === 0) throw badRequest(`unknown guideId: ${guideId}`);
  const liked = await tx.query(
    `INSERT INTO video_guide_likes (guide_id, user_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING guide_id`,
    [guideId, userId],
  );
  const firstTime = liked.rowCount > 0;
  const res = firstTime
    ? await tx.query<{ like_count: number }>(
        'UPDATE video_guides SET like_count = like_count + 1 WHERE id = $1 RETURNING like_count',
        [guideId],
      )
    : await tx.query<{ like_count: number }>('SELECT like_count FROM video_guides WHERE id = $1', [
        guideId,
      ]);
  return { guideId, liked: true, firstTime, likeCount: res.rows[0]?.like_count ?? 0 };
}
