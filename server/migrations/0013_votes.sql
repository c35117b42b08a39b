-- newProduct votes: one per user, option and period (unique key), and at most
-- vote.perUserDailyLimit per user and period (conditional upsert of vote_user_counts).
CREATE TABLE votes (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  option_id text NOT NULL,
  period_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code, option_id, period_key)
);
CREATE INDEX votes_option ON votes (activity_code, option_id);

CREATE TABLE vote_user_counts (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  period_key text NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (user_id, activity_code, period_key)
);
