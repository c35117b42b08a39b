-- qqMusicActivity/exchangeByPhone (ours): a membership bought with gold rice for the music account
-- of a phone number. Numbered per user and goods (seq 1..perUserLimit under a unique key), so
-- parallel exchanges cannot pass the limit; the gold rice is spent in the same transaction.
CREATE TABLE music_phone_exchanges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  goods_id text NOT NULL,
  seq integer NOT NULL CHECK (seq >= 1),
  phone text NOT NULL,
  cost_cents bigint NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, activity_code, goods_id, seq)
);
CREATE INDEX music_phone_exchanges_user ON music_phone_exchanges (user_id, activity_code, id DESC);
