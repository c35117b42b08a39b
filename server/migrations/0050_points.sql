-- Points of an activity (routes of ours, /mp/api/points/: spec §7 names no points call). One
-- balance per user and activity, moved only by conditional updates (domain/points.ts): credits
-- through the ledger's unique (reason, ref) key, spends by `balance >= cost`. NFC points are the
-- points of the NFC activity.
CREATE TABLE points_balances (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  PRIMARY KEY (user_id, activity_code)
);

-- Every credit (positive) and spend (negative) with what caused it; (reason, ref) pays once.
CREATE TABLE points_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  reason text NOT NULL,
  ref text NOT NULL,
  title text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, activity_code, reason, ref)
);
CREATE INDEX points_ledger_user ON points_ledger (user_id, activity_code, id DESC);

-- Goods stock (seeded from the activity at start, never refilled by a restart; null stock in
-- the activity = no row = unlimited) and how many of each goods a user has taken.
CREATE TABLE points_goods_stock (
  activity_code text NOT NULL,
  goods_id text NOT NULL,
  remaining integer NOT NULL CHECK (remaining >= 0),
  PRIMARY KEY (activity_code, goods_id)
);

CREATE TABLE user_points_goods_counts (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  goods_id text NOT NULL,
  exchanged integer NOT NULL CHECK (exchanged >= 0),
  PRIMARY KEY (user_id, activity_code, goods_id)
);

CREATE TABLE points_exchanges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  goods_id text NOT NULL,
  cost bigint NOT NULL CHECK (cost > 0),
  user_coupon_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX points_exchanges_user ON points_exchanges (user_id, activity_code, id DESC);

-- NFC points supplement (/mp/api/nfcIntegral/supplement): a card payment whose points did not
-- arrive, sent for review; one per user, activity and transaction reference.
CREATE TABLE nfc_supplements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  trade_date date NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  merchant text NOT NULL,
  trade_ref text NOT NULL,
  phone text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, activity_code, trade_ref)
);
