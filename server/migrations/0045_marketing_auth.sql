-- The marketing-authorisation switch (userMarketingAuth/querySwitch reads it; updateSwitch, a
-- call of ours, sets it). One row per user; no row = not authorised (consent is opt-in).
CREATE TABLE marketing_auth (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  status smallint NOT NULL CHECK (status IN (0, 1)),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every change of consent, kept so the operator can show when a user gave or withdrew it.
CREATE TABLE marketing_auth_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  status smallint NOT NULL CHECK (status IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX marketing_auth_log_user ON marketing_auth_log (user_id, id DESC);
