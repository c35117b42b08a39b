import type { Db, Queryable } from '../db/types';
import { ApiError, badRequest } from '../http/envelope';
import { fileUrl } from './file-store';

/** A decision as the review log keeps it (video_guide_reviews, migration 0087). */
interface ReviewRow {
  decision: 'approved' | 'rejected';
  reason: string | null;
  operator: string;
  decided_at: Date;
}

const decisionView = (guideId: number, r: ReviewRow) => ({
  guideId,
  status: r.decision,
  reason: r.reason,
  operator: r.operator,
  decidedAt: new Date(r.decided_at).getTime(),
});

/** The review queue: pending guides oldest first, the submitter unmasked (operators only). */
export async function pendingGuides(db: Queryable, activityCode: string | null, limit: number) {
  const where = `g.review_status = 'pending'${activityCode === null ? '' : ' AND g.activity_code = $2'}`;
  const params = activityCode === null ? [limit] : [limit, activityCode];
  const [list, count] = await Promise.all([
    db.query<{
      id: number;
      activity_code: string;
      title: string;
      video_name: string;
      cover_name: string | null;
      user_id: string;
      nick_name: string;
      created_at: Date;
    }>(
      `SELECT g.id, g.activity_code, g.title, g.video_name, g.cover_name, g.user_id::text AS user_id,
         u.nick_name, g.created_at
       FROM video_guides g JOIN users u ON u.id = g.user_id
       WHERE ${where} ORDER BY g.id LIMIT $1`,
      params,
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM video_guides g WHERE ${where.replace('$2', '$1')}`,
      activityCode === null ? [] : [activityCode],
    ),
  ]);
  return {
    pending: count.rows[0]?.n ?? 0,
    list: list.rows.map((r) => ({
      guideId: Number(r.id),
      activityCode: r.activity_code,
      title: r.title,
      videoUrl: fileUrl(r.video_name),
      coverUrl: r.cover_name ? fileUrl(r.cover_name) : '',
      userId: r.user_id,
      author: r.nick_name,
      submittedAt: new Date(r.created_at).getTime(),
    })),
  };
}

/**
 * One operator's decision on a pending guide. The guide's conditional update
 * (`review_status = 'pending'`) is the arbiter: of two operators deciding at once, the second
 * waits for the first's row lock, finds the guide no longer pending and gets a 409 naming the
 * decision that won. The decision and the state change commit together, so the log never
 * misses a decision and a guide never changes state without one.
 */
export async function decideGuide(
  db: Db,
  input: {
    guideId: number;
    operator: string;
    decision: 'approved' | 'rejected';
    reason: string | null;
  },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const moved = await tx.query(
      `UPDATE video_guides SET review_status = $2 WHERE id = $1 AND review_status = 'pending'
       RETURNING id`,
      [input.guideId, input.decision],
    );
    if (moved.rowCount === 0) {
      const earlier = await tx.query<ReviewRow>(
        `SELECT decision, reason, operator, decided_at FROM video_guide_reviews WHERE guide_id = $1`,
        [input.guideId],
      );
      const won = earlier.rows[0];
      if (!won) throw badRequest(`unknown guideId: ${input.guideId}`);
      throw new ApiError(
        409,
        `guide ${input.guideId} was already ${won.decision} by ${won.operator} at ` +
          `${new Date(won.decided_at).toISOString()}`,
        'ALREADY_REVIEWED',
      );
    }
    const row = await tx.query<ReviewRow>(
      `INSERT INTO video_guide_reviews (guide_id, decision, reason, operator, decided_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING decision, reason, operator, decided_at`,
      [input.guideId, input.decision, input.reason, input.operator, now],
    );
    const r = row.rows[0];
    if (!r) throw new Error('review row not written');
    return decisionView(input.guideId, r);
  });
}
