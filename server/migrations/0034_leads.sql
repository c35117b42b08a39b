-- leads/save: one lead per user and activity (INSERT ... ON CONFLICT DO NOTHING).
CREATE TABLE leads (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  name text NOT NULL,
  phone text NOT NULL,
  city text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code)
);
