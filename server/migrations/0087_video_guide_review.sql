-- Review of user videos (issue 32): a submitted guide is pending until an operator approves it;
-- only approved guides are listed to other users (gallery, rank, likes). The upload page has
-- always said "审核通过后展示". Guides submitted before this migration were never reviewed, so
-- they start pending too: an operator approves them from the queue.
ALTER TABLE video_guides
  ADD COLUMN review_status text NOT NULL DEFAULT 'pending'
    CHECK (review_status IN ('pending', 'approved', 'rejected'));

-- Galleries and ranks read approved guides only; the queue reads pending ones oldest first.
DROP INDEX video_guides_rank;
CREATE INDEX video_guides_rank ON video_guides (activity_code, like_count DESC, id)
  WHERE review_status = 'approved';
CREATE INDEX video_guides_latest ON video_guides (activity_code, id DESC)
  WHERE review_status = 'approved';
CREATE INDEX video_guides_queue ON video_guides (id) WHERE review_status = 'pending';

-- Every decision, with who and when. One decision per guide (primary key): the guide's
-- conditional update (review_status = 'pending') decides which of two operators wins, this row
-- records it; a rejection always carries its reason.
CREATE TABLE video_guide_reviews (
  guide_id bigint PRIMARY KEY REFERENCES video_guides (id),
  decision text NOT NULL CHECK (decision IN ('approved', 'rejected')),
  reason text,
  operator text NOT NULL CHECK (length(operator) > 0),
  decided_at timestamptz NOT NULL,
  CHECK (decision = 'approved' OR length(coalesce(reason, '')) > 0)
);
