-- Uploaded files (routes/files.ts): the bytes live in the storage folder under `name`; the
-- type is the one sniffed from the magic bytes, never the client's Content-Type.
CREATE TABLE uploads (
  name text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mime text NOT NULL,
  size_bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One-time upload URLs (generatePreSignedUri): used_at is set by a conditional update.
CREATE TABLE upload_tickets (
  token text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Player-guide videos (spec §7 video guide) and their likes (once per user and video).
CREATE TABLE video_guides (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  title text NOT NULL,
  video_name text NOT NULL REFERENCES uploads (name),
  cover_name text REFERENCES uploads (name),
  submit_day date NOT NULL,
  like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_guides_rank ON video_guides (activity_code, like_count DESC, id);

CREATE TABLE video_submit_counts (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  submit_day date NOT NULL,
  submitted integer NOT NULL CHECK (submitted >= 0),
  PRIMARY KEY (user_id, activity_code, submit_day)
);

CREATE TABLE video_guide_likes (
  guide_id bigint NOT NULL REFERENCES video_guides (id),
  user_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (guide_id, user_id)
);
