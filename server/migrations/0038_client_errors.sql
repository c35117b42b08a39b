-- spec §8 row 3: errors the pages report (interface exceptions with url and status, widget and
-- chunk failures), kept for the people who run the service; the newest rows only (pruned on insert).
CREATE TABLE client_errors (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  user_id bigint,
  page text NOT NULL,
  release text NOT NULL,
  user_agent text NOT NULL,
  kind text NOT NULL,
  message text NOT NULL,
  url text,
  status integer
);
