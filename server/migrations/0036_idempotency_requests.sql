-- Idempotency as Stripe defines it (issue 17): a key belongs to one user and one request. The
-- fingerprint (method, path and the call's declared parameters) is stored with the key, so the
-- same key sent with another request is refused (422) instead of replaying an unrelated answer.
-- Keyed per user only: a key reused on another endpoint is another request, not a new key.
-- idempotency_keys (0010) is no longer written; drop it once no older node runs.
CREATE TABLE idempotency_requests (
  user_id bigint NOT NULL REFERENCES users (id),
  key text NOT NULL,
  fingerprint text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
-- For a periodic purge of old keys (operations).
CREATE INDEX idempotency_requests_created_at ON idempotency_requests (created_at);
