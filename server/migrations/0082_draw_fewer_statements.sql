-- draw_once with fewer statements and writes per draw (issue 17, decision 0031).
--
-- A draw is bound by CPU on a small machine (docs/perf.md, session 8): most of PostgreSQL's
-- share is the function's statements, each with its executor start and end, plan-cache check and
-- foreign-key trigger, plus the WAL of every row and index entry. Same arguments, same answers,
-- same refusals as migrations 0080/0081; what changes:
--
--   * The key row is written once, with its answer, at the end (one INSERT), instead of an
--     INSERT first and an UPDATE of the answer last. The start only reads it (replay or 422).
--     Two requests with one key both run; the one whose INSERT comes second waits there for the
--     first to end, and finds the key taken if the first committed: it raises MPK40, which rolls
--     back everything it wrote, and domain/draw.ts sends it again, so it replays the first's
--     answer (or gets 422 for another request). Same-key requests of one user and activity pay
--     on the same row (user_chances or gold_rice_balances), so the second pays only after the
--     first has ended: a refusal that follows (no chances, sold out) checks the key again and
--     raises MPK40 too when the first committed, so a retry never sees a refusal its first run
--     did not give.
--   * No separate look-up of the user's row: a missing user is found where its absence shows
--     (the day's free chances are granted only to an existing user; the payment finds no
--     balance row) and only then told apart from "no chances" (MPU01).
--   * A prize without stock row or per-user limit (the unlimited "thanks") is taken without
--     calling draw_reserve.
--   * The draw row and its ledger row are one statement (a data-modifying WITH).
--
-- Invariants unchanged: every balance and stock moves by one conditional update; unlimited
-- prizes touch no shared row; every committed draw has its ledger row and, with a key, its
-- stored answer in the same transaction; a refusal writes nothing (RAISE rolls back).
CREATE OR REPLACE FUNCTION draw_once(
  p_user_id bigint,
  p_code text,
  p_key text,
  p_fingerprint text,
  p_pay_kind text,
  p_cost integer,
  p_daily_free integer,
  p_max_balance integer,
  p_chosen jsonb,
  p_fallback jsonb,
  p_source text,
  p_day text,
  p_now timestamptz,
  p_extra jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
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
        RAISE EXCEPTION 'idempotency key sent with another request' USING ERRCODE = 'MPK22';
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
      v_refusal := 'MPC09';
    END IF;
  ELSIF p_pay_kind = 'goldRice' THEN
    UPDATE gold_rice_balances SET balance_cents = balance_cents - p_cost
    WHERE user_id = p_user_id AND activity_code = p_code AND balance_cents >= p_cost;
    IF FOUND THEN
      -- The balance already moved; the credit trigger ignores negative rows (migration 0011).
      INSERT INTO gold_rice_ledger (user_id, activity_code, amount_cents, reason, ref)
      VALUES (p_user_id, p_code, -p_cost, 'goldRichDraw', gen_random_uuid()::text);
    ELSE
      v_refusal := 'MPG09';
    END IF;
  ELSE
    RAISE EXCEPTION 'unknown payment kind: %', p_pay_kind;
  END IF;

  IF v_refusal IS NULL THEN
    -- Unlimited and no per-user limit: nothing to reserve. Else draw_reserve (migration 0081).
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
      v_refusal := 'MPS09';
    END IF;
  END IF;

  IF v_refusal IS NOT NULL THEN
    -- A request with this key committed while this one waited for its payment row: roll this
    -- one back and let the caller send it again (it then replays that answer).
    IF p_key IS NOT NULL THEN
      PERFORM 1 FROM idempotency_requests WHERE user_id = p_user_id AND key = p_key;
      IF FOUND THEN
        RAISE EXCEPTION 'idempotency key taken by a concurrent request' USING ERRCODE = 'MPK40';
      END IF;
    END IF;
    IF v_refusal = 'MPS09' THEN
      RAISE EXCEPTION 'all prizes are gone' USING ERRCODE = 'MPS09';
    END IF;
    PERFORM 1 FROM users WHERE id = p_user_id;
    IF NOT FOUND THEN
      -- A valid token for an account that no longer exists (database reset) is no session.
      RAISE EXCEPTION 'no such user' USING ERRCODE = 'MPU01';
    ELSIF v_refusal = 'MPC09' THEN
      RAISE EXCEPTION 'no draw chances left' USING ERRCODE = 'MPC09';
    END IF;
    RAISE EXCEPTION 'not enough gold rice' USING ERRCODE = 'MPG09';
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
      RAISE EXCEPTION 'idempotency key taken by a concurrent request' USING ERRCODE = 'MPK40';
    END IF;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'response', v_result);
END;
$$;
