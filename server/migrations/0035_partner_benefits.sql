-- traffic/jdComplete: one visit of the shop partner per user, activity and campaign day. The
-- token (unguessable) lets the page read the record back through GET traffic/{token}.
CREATE TABLE traffic_completions (
  token text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  partner text NOT NULL,
  visit_day date NOT NULL,
  reward_chances integer NOT NULL DEFAULT 0,
  reward_gold_rice_cents bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, activity_code, partner, visit_day)
);

-- qqMusicActivity/addFreeModeWhitelist: once per user and activity; the expiry is fixed then.
CREATE TABLE music_free_mode (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  added_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, activity_code)
);

-- qqMusicActivity/finishMusicTask: once per user, activity and task.
CREATE TABLE music_task_finishes (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  task_id text NOT NULL,
  reward_chances integer NOT NULL DEFAULT 0,
  reward_gold_rice_cents bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code, task_id)
);
