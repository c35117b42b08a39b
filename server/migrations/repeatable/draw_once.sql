-- The draw rule: the one place its SQL lives (issue 31). db/migrate.ts applies this file after
-- the versioned migrations whenever its content changes, so edit it in place: it must run again
-- on a database where it already ran (CREATE OR REPLACE, rows replaced). A change of a table's
-- shape, or of a function's signature, is still a versioned migration (NNNN_name.sql), which
-- runs first. History: migrations 0080 (one statement, decision 0022), 0081 (stock over shards,
-- decision 0027), 0082 (fewer statements, decision 0031), 0083 (this file, one argument).
--
-- One draw is one call, `SELECT draw_once($1::jsonb)` from domain/draw.ts, its own transaction
-- when sent alone: replay of a key, the day's free chances, payment, prize (the one picked by
-- weight in Node, else the fallback), the draw and ledger rows, the reward, the coupon and the
-- stored answer. Invariants: every balance and stock moves by one conditional update; unlimited
-- prizes touch no shared row; every committed draw has its ledger row and, with a key, its
-- stored answer in the same transaction; a refusal writes nothing (RAISE rolls back).

-- The refusals, by name: the SQLSTATE draw_refuse raises and its message. domain/draw-refusals.ts
-- maps the same names and SQLSTATEs to API answers (server/test/draw-refusals.test.ts).
DELETE FROM draw_refusals;
INSERT INTO draw_refusals (refusal, sqlstate, message) VALUES
  -- A valid token for an account that no longer exists (database reset) is no session.
  ('noUser', 'MPU01', 'no such user'),
  ('keyReused', 'MPK22', 'idempotency key sent with another request'),
  -- A concurrent request with the same key committed first: this one rolls back and is sent
  -- again, and then replays that answer.
  ('keyTaken', 'MPK40', 'idempotency key taken by a concurrent request'),
  ('noChance', 'MPC09', 'no draw chances left'),
  ('noGoldRice', 'MPG09', 'not enough gold rice'),
  ('soldOut', 'MPS09', 'all prizes are gone');

-- Raises the named refusal; everything the statement wrote rolls back.
CREATE OR REPLACE FUNCTION draw_refuse(p_refusal text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_sqlstate text;
  v_message text;
BEGIN
  SELECT sqlstate, message INTO STRICT v_sqlstate, v_message
  FROM draw_refusals WHERE refusal = p_refusal;
  RAISE EXCEPTION USING ERRCODE = v_sqlstate, MESSAGE = v_message;
END;
$$;

-- Reserves a prize for a user: the per-user count first, then, for a limited prize, one unit
-- of its stock from one shard (decision 0027); false when either is used up (the count is put
-- back when the stock is out). p_prize is a prize as draw_once receives it.
CREATE OR REPLACE FUNCTION draw_reserve(p_user_id bigint, p_code text, p_prize jsonb)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_prize_id text := p_prize->>'prizeId';
  v_limit integer := (p_prize->>'perUserLimit')::integer;
  v_shards integer := prize_stock_shard_count();
  -- Where this draw starts looking: random, so concurrent draws mostly take different shards
  -- and the shards drain evenly.
  v_start integer := floor(random() * prize_stock_shard_count())::integer;
BEGIN
  IF v_limit IS NOT NULL THEN
    INSERT INTO user_prize_counts (user_id, activity_code, prize_id, won)
    VALUES (p_user_id, p_code, v_prize_id, 1)
    ON CONFLICT (user_id, activity_code, prize_id)
    DO UPDATE SET won = user_prize_counts.won + 1 WHERE user_prize_counts.won < v_limit;
    IF NOT FOUND THEN
      RETURN false;
    END IF;
  END IF;
  -- Unlimited (stock null in the config): no row is touched, so draws of it never queue on one
  -- row (issue 17). Its count is the draws table's.
  IF NOT (p_prize->>'limited')::boolean THEN
    RETURN true;
  END IF;
  -- One unit from the first shard with stock that no other draw holds. (stock IS NULL: a prize
  -- seeded unlimited and configured limited later stays unlimited.)
  UPDATE prize_stock_shards SET stock = stock - 1, awarded = awarded + 1
  WHERE activity_code = p_code AND prize_id = v_prize_id AND (stock IS NULL OR stock > 0)
    AND shard = (
      SELECT shard FROM prize_stock_shards
      WHERE activity_code = p_code AND prize_id = v_prize_id AND (stock IS NULL OR stock > 0)
      ORDER BY (shard + v_shards - v_start) % v_shards
      LIMIT 1 FOR UPDATE SKIP LOCKED
    );
  IF FOUND THEN
    RETURN true;
  END IF;
  -- Every shard with stock is held by draws in flight (or none has any): wait for them, one
  -- shard at a time, and take a unit that is still there after they end (a draw may roll back).
  -- Sold out only when no shard has any stock left.
  UPDATE prize_stock_shards SET stock = stock - 1, awarded = awarded + 1
  WHERE activity_code = p_code AND prize_id = v_prize_id AND (stock IS NULL OR stock > 0)
    AND shard = (
      SELECT shard FROM prize_stock_shards
      WHERE activity_code = p_code AND prize_id = v_prize_id AND (stock IS NULL OR stock > 0)
      ORDER BY (shard + v_shards - v_start) % v_shards
      LIMIT 1 FOR UPDATE
    );
  IF FOUND THEN
    RETURN true;
  END IF;
  IF v_limit IS NOT NULL THEN
    UPDATE user_prize_counts SET won = won - 1
    WHERE user_id = p_user_id AND activity_code = p_code AND prize_id = v_prize_id;
  END IF;
  RETURN false;
END;
$$;

-- One draw. p_draw is domain/draw.ts DrawRequest; each field is read once, below.
--
-- Keys (decision 0031): the key row is written once, with its answer, at the end; the start only
-- reads it (replay, or keyReused). Two requests with one key both run; the one whose INSERT
-- comes second waits there for the first to end and finds the key taken if the first committed:
-- keyTaken rolls back everything it wrote, and domain/draw.ts sends it again, so it replays the
-- first's answer. Same-key requests of one user and activity pay on the same row, so the second
-- pays only after the first has ended: a refusal that follows checks the key again and is
-- keyTaken too when the first committed, so a retry never sees a refusal its first run did not
-- give. The user's row is looked up only on a refusal, to tell noUser from noChance.
CREATE OR REPLACE FUNCTION draw_once(p_draw jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  p_user_id bigint := (p_draw->>'userId')::bigint;
  p_code text := p_draw->>'activityCode';
  -- The idempotency key and the request's fingerprint; both null without a key.
  p_key text := p_draw->>'key';
  p_fingerprint text := p_draw->>'fingerprint';
  -- 'chance' or 'goldRice', and its cost (chances or cents).
  p_pay_kind text := p_draw->>'payKind';
  p_cost integer := (p_draw->>'cost')::integer;
  p_daily_free integer := (p_draw->>'dailyFree')::integer;
  p_max_balance integer := (p_draw->>'maxBalance')::integer;
  -- The prize picked by weight and the fallback prize (domain/draw.ts prizeArg), or null.
  p_chosen jsonb := NULLIF(p_draw->'chosen', 'null');
  p_fallback jsonb := NULLIF(p_draw->'fallback', 'null');
  p_source text := p_draw->>'source';
  -- The campaign day (YYYY-MM-DD) and the draw's time.
  p_day text := p_draw->>'day';
  p_now timestamptz := (p_draw->>'now')::timestamptz;
  -- Added to the answer: a partner route's masked phone.
  p_extra jsonb := NULLIF(p_draw->'extra', 'null');
  v_stored record;
  v_prize jsonb;
  v_draw_id bigint;
  v_remain integer;
  v_chances integer := 0;
  v_gold bigint := 0;
  v_coupon text;
  v_result jsonb;
  v_refusal text;
BEGIN
  IF p_key IS NOT NULL THEN
    SELECT fingerprint, response INTO v_stored
    FROM idempotency_requests WHERE user_id = p_user_id AND key = p_key;
    IF FOUND THEN
      IF v_stored.fingerprint <> p_fingerprint THEN
        PERFORM draw_refuse('keyReused');
      END IF;
      RETURN jsonb_build_object('replayed', true, 'response', v_stored.response);
    END IF;
  END IF;

  IF p_pay_kind = 'chance' THEN
    -- The day's free chances, once per (user, activity, day) by the ledger's unique key; only
    -- for a user whose row exists (a missing one is refused below, not by the foreign key).
    IF p_daily_free > 0 THEN
      INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref)
      SELECT p_user_id, p_code, p_daily_free, 'dailyFree', p_day FROM users WHERE id = p_user_id
      ON CONFLICT DO NOTHING;
      IF FOUND THEN
        INSERT INTO user_chances (user_id, activity_code, balance)
        VALUES (p_user_id, p_code, LEAST(p_daily_free, p_max_balance))
        ON CONFLICT (user_id, activity_code)
        DO UPDATE SET balance = LEAST(user_chances.balance + p_daily_free, p_max_balance);
      END IF;
    END IF;
    -- The row lock taken here also serialises this user's chance draws with each other.
    UPDATE user_chances SET balance = balance - p_cost
    WHERE user_id = p_user_id AND activity_code = p_code AND balance >= p_cost
    RETURNING balance INTO v_remain;
    IF NOT FOUND THEN
      v_refusal := 'noChance';
    END IF;
  ELSIF p_pay_kind = 'goldRice' THEN
    UPDATE gold_rice_balances SET balance_cents = balance_cents - p_cost
    WHERE user_id = p_user_id AND activity_code = p_code AND balance_cents >= p_cost;
    IF FOUND THEN
      -- The balance already moved; the credit trigger ignores negative rows (migration 0011).
      INSERT INTO gold_rice_ledger (user_id, activity_code, amount_cents, reason, ref)
      VALUES (p_user_id, p_code, -p_cost, 'goldRichDraw', gen_random_uuid()::text);
    ELSE
      v_refusal := 'noGoldRice';
    END IF;
  ELSE
    RAISE EXCEPTION 'unknown payment kind: %', p_pay_kind;
  END IF;

  IF v_refusal IS NULL THEN
    -- Unlimited and no per-user limit: nothing to reserve. Else draw_reserve.
    IF p_chosen IS NOT NULL AND (
      CASE WHEN NOT (p_chosen->>'limited')::boolean AND p_chosen->>'perUserLimit' IS NULL
        THEN true ELSE draw_reserve(p_user_id, p_code, p_chosen) END
    ) THEN
      v_prize := p_chosen;
    ELSIF p_fallback IS NOT NULL
      AND (p_chosen IS NULL OR p_fallback->'index' <> p_chosen->'index')
      AND (
        CASE WHEN NOT (p_fallback->>'limited')::boolean AND p_fallback->>'perUserLimit' IS NULL
          THEN true ELSE draw_reserve(p_user_id, p_code, p_fallback) END
      ) THEN
      v_prize := p_fallback;
    ELSE
      v_refusal := 'soldOut';
    END IF;
  END IF;

  IF v_refusal IS NOT NULL THEN
    -- A request with this key committed while this one waited for its payment row.
    IF p_key IS NOT NULL THEN
      PERFORM 1 FROM idempotency_requests WHERE user_id = p_user_id AND key = p_key;
      IF FOUND THEN
        PERFORM draw_refuse('keyTaken');
      END IF;
    END IF;
    IF v_refusal <> 'soldOut' THEN
      PERFORM 1 FROM users WHERE id = p_user_id;
      IF NOT FOUND THEN
        PERFORM draw_refuse('noUser');
      END IF;
    END IF;
    PERFORM draw_refuse(v_refusal);
  END IF;

  -- The draw row and, for a chance draw, its ledger row: one statement. A physical prize waits
  -- for an address ('unpaid') unless the user has saved one already ('addressed').
  WITH d AS (
    INSERT INTO draws
      (user_id, activity_code, prize_id, prize_type, position, source, status, draw_day, created_at)
    VALUES (p_user_id, p_code, v_prize->>'prizeId', v_prize->>'type', (v_prize->>'index')::integer,
      p_source,
      CASE
        WHEN v_prize->>'type' <> 'physical' THEN 'done'
        WHEN EXISTS (SELECT 1 FROM user_addresses WHERE user_id = p_user_id) THEN 'addressed'
        ELSE 'unpaid'
      END,
      p_day::date, p_now)
    RETURNING id
  ), ledger AS (
    INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref)
    SELECT p_user_id, p_code, -p_cost, 'draw', d.id::text FROM d WHERE p_pay_kind = 'chance'
  )
  SELECT id INTO v_draw_id FROM d;

  -- The prize's reward, once per (reason 'drawPrize', draw id) as domain/rewards.ts grantReward.
  IF (v_prize->>'chances')::integer > 0 THEN
    INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref)
    VALUES (p_user_id, p_code, (v_prize->>'chances')::integer, 'drawPrize', v_draw_id::text)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
      v_chances := (v_prize->>'chances')::integer;
      -- The cap bounds hoarding; the ledger keeps the nominal amount.
      INSERT INTO user_chances (user_id, activity_code, balance)
      VALUES (p_user_id, p_code, LEAST(v_chances, p_max_balance))
      ON CONFLICT (user_id, activity_code)
      DO UPDATE SET balance = LEAST(user_chances.balance + v_chances, p_max_balance)
      RETURNING balance INTO v_remain;
    END IF;
  END IF;
  IF (v_prize->>'goldRiceCents')::bigint > 0 THEN
    -- The trigger of migration 0011 credits gold_rice_balances.
    INSERT INTO gold_rice_ledger (user_id, activity_code, amount_cents, reason, ref)
    VALUES (p_user_id, p_code, (v_prize->>'goldRiceCents')::bigint, 'drawPrize', v_draw_id::text)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
      v_gold := (v_prize->>'goldRiceCents')::bigint;
    END IF;
  END IF;
  IF v_prize->>'type' = 'coupon' AND v_prize->>'couponId' IS NOT NULL THEN
    v_coupon := v_prize->>'couponId';
    INSERT INTO user_coupons (user_id, activity_code, coupon_id, source)
    VALUES (p_user_id, p_code, v_coupon, 'draw');
  END IF;

  -- A gold-rice draw answers the chance balance too: read it, unless the prize's reward just
  -- returned it.
  IF p_pay_kind <> 'chance' AND v_chances = 0 THEN
    SELECT balance INTO v_remain
    FROM user_chances WHERE user_id = p_user_id AND activity_code = p_code;
  END IF;

  v_result := jsonb_build_object(
    'drawId', v_draw_id,
    'prizeId', v_prize->'prizeId',
    'prizeName', v_prize->'name',
    'prizeImage', v_prize->'image',
    'prizeType', v_prize->'type',
    'index', v_prize->'index',
    'fallback', p_chosen IS NULL OR v_prize->'index' <> p_chosen->'index',
    'reward', jsonb_build_object('chances', v_chances, 'goldRiceCents', v_gold, 'couponId', v_coupon),
    'remainChance', COALESCE(v_remain, 0)
  ) || COALESCE(p_extra, '{}'::jsonb);

  IF p_key IS NOT NULL THEN
    -- Waits for a concurrent request holding this key; taken once it committed: see above.
    INSERT INTO idempotency_requests (user_id, key, fingerprint, response)
    VALUES (p_user_id, p_key, p_fingerprint, v_result) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      PERFORM draw_refuse('keyTaken');
    END IF;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'response', v_result);
END;
$$;
