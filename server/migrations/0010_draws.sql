-- Lucky draws (routes/draws.ts). Stock lives here, seeded from the activity config at start
-- (ON CONFLICT DO NOTHING, so a restart never refills), and only moves through
-- `UPDATE ... SET stock = stock - 1 WHERE ... AND stock > 0 RETURNING`: the CHECK makes
-- overselling impossible even if a future query forgets the condition.
CREATE TABLE prize_stock (
  activity_code text NOT NULL,
  prize_id text NOT NULL,
  -- NULL = unlimited (the 'thanks' prize).
  stock integer CHECK (stock >= 0),
  awarded integer NOT NULL DEFAULT 0,
  PRIMARY KEY (activity_code, prize_id)
);

-- Units of one prize a user has won, for the per-user prize limit (conditional upsert).
CREATE TABLE user_prize_counts (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  prize_id text NOT NULL,
  won integer NOT NULL CHECK (won >= 0),
  PRIMARY KEY (user_id, activity_code, prize_id)
);

-- One row per draw. position is the prize's index in the config list (the wheel/grid slot).
-- status: 'done' (paid at once), 'unpaid' (physical prize waiting for delivery).
CREATE TABLE draws (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  prize_id text NOT NULL,
  prize_type text NOT NULL,
  position integer NOT NULL,
  source text NOT NULL,
  status text NOT NULL,
  multiplied boolean NOT NULL DEFAULT false,
  -- Campaign day (Asia/Shanghai) and time from the app clock, so "today" means the same as in
  -- every other family.
  draw_day date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX draws_user ON draws (user_id, activity_code, id DESC);
CREATE INDEX draws_recent_wins ON draws (activity_code, id DESC) WHERE prize_type <> 'thanks';

-- useMultCard: each card use is one row; the unique key is the per-day allowance.
CREATE TABLE mult_card_uses (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  use_day date NOT NULL,
  seq integer NOT NULL,
  draw_id bigint NOT NULL REFERENCES draws (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code, use_day, seq),
  UNIQUE (draw_id)
);

-- Client idempotency keys (IDEMPOTENCY_HEADER) of every state-changing call of the families
-- from 0010 on. The key row is inserted in the same transaction as the effect, so a retried
-- request either waits for the first and replays its response, or (if the first rolled back)
-- runs once itself.
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL REFERENCES users (id),
  endpoint text NOT NULL,
  key text NOT NULL,
  status integer NOT NULL DEFAULT 200,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, endpoint, key)
);
