-- A draw in one database round trip (issue 17, decision 0022): `SELECT draw_once(...)` does in
-- one statement what domain/draw.ts used to send as ~8 (key claim, daily free chances, payment,
-- per-user limit, stock, draw + ledger rows, reward, coupon, stored answer). The statement is its
-- own transaction when sent alone, or part of the caller's; a refusal RAISEs, so everything it
-- wrote (the key row too) rolls back, exactly as the thrown error of the old code did.
--
-- The rules are unchanged (decisions 0007, 0015): every balance and stock moves by one
-- conditional update; an unlimited prize touches no shared row; the key row is inserted first,
-- so a concurrent retry blocks on its primary key and then replays the committed answer.
--
-- Node keeps what is config, not data: the prize chosen by weight (domain/draw.ts pickByWeight,
-- the CSPRNG or a test's random source) and the fallback prize arrive as jsonb
-- {prizeId, name, image, type, index, limited, perUserLimit, chances, goldRiceCents, couponId}.
--
-- Refusals carry SQLSTATEs of our own (class MP), mapped to answers in domain/draw.ts
-- (DRAW_REFUSALS): MPU01 no such user (401), MPK22 key sent with another request (422),
-- MPC09 no chances (409), MPG09 not enough gold rice (409), MPS09 sold out (409).
--
-- No `SET search_path` on the functions: tables resolve through the caller's search_path, so
-- the tests' schema-per-file databases keep working.

-- One unit of `p_prize` for the user, or false: per-user count, then (limited prizes only) the
-- stock, each by one conditional statement; the count is put back when the stock is out.
CREATE FUNCTION draw_reserve(p_user_id bigint, p_code text, p_prize jsonb)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_prize_id text := p_prize->>'prizeId';
  v_limit integer := (p_prize->>'perUserLimit')::integer;
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
  -- Unlimited (stock null in the config): no prize_stock row is touched, so draws of it never
  -- queue on one row (issue 17). Its count is the draws table's.
  IF NOT (p_prize->>'limited')::boolean THEN
    RETURN true;
  END IF;
  UPDATE prize_stock SET stock = stock - 1, awarded = awarded + 1
  WHERE activity_code = p_code AND prize_id = v_prize_id AND (stock IS NULL OR stock > 0);
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

-- One draw: returns {"replayed": bool, "response": <the draw's answer>}.
CREATE FUNCTION draw_once(
  p_user_id bigint,
  p_code text,
  -- Idempotency key and the request's fingerprint (domain/idempotency.ts); both null = no key.
  p_key text,
  p_fingerprint text,
  -- 'chance' (p_cost chances, after the day's free ones) or 'goldRice' (p_cost cents).
  p_pay_kind text,
  p_cost integer,
  p_daily_free integer,
  p_max_balance integer,
  p_chosen jsonb,
  p_fallback jsonb,
  p_source text,
  -- Campaign day 'YYYY-MM-DD' (domain/campaign-time.ts) and the app clock's time.
  p_day text,
  p_now timestamptz,
  -- Merged into the answer (a partner route adds the masked phone it credited).
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
BEGIN
  -- A valid token for an account that no longer exists (database reset) is no session.
  PERFORM 1 FROM users WHERE id = p_user_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such user' USING ERRCODE = 'MPU01';
  END IF;

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_requests (user_id, key, fingerprint)
    VALUES (p_user_id, p_key, p_fingerprint) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      -- Committed by an earlier request (a concurrent one was waited for by the insert).
      SELECT fingerprint, response INTO v_stored
      FROM idempotency_requests WHERE user_id = p_user_id AND key = p_key;
      IF NOT FOUND OR v_stored.fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION 'idempotency key sent with another request' USING ERRCODE = 'MPK22';
      END IF;
      RETURN jsonb_build_object('replayed', true, 'response', v_stored.response);
    END IF;
  END IF;

  IF p_pay_kind = 'chance' THEN
    -- The day's free chances, once per (user, activity, day) by the ledger's unique key.
    IF p_daily_free > 0 THEN
      INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref)
      VALUES (p_user_id, p_code, p_daily_free, 'dailyFree', p_day) ON CONFLICT DO NOTHING;
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
      RAISE EXCEPTION 'no draw chances left' USING ERRCODE = 'MPC09';
    END IF;
  ELSIF p_pay_kind = 'goldRice' THEN
    UPDATE gold_rice_balances SET balance_cents = balance_cents - p_cost
    WHERE user_id = p_user_id AND activity_code = p_code AND balance_cents >= p_cost;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'not enough gold rice' USING ERRCODE = 'MPG09';
    END IF;
    -- The balance already moved; the credit trigger ignores negative rows (migration 0011).
    INSERT INTO gold_rice_ledger (user_id, activity_code, amount_cents, reason, ref)
    VALUES (p_user_id, p_code, -p_cost, 'goldRichDraw', gen_random_uuid()::text);
  ELSE
    RAISE EXCEPTION 'unknown payment kind: %', p_pay_kind;
  END IF;

  IF p_chosen IS NOT NULL AND draw_reserve(p_user_id, p_code, p_chosen) THEN
    v_prize := p_chosen;
  ELSIF p_fallback IS NOT NULL
    AND (p_chosen IS NULL OR p_fallback->'index' <> p_chosen->'index')
    AND draw_reserve(p_user_id, p_code, p_fallback) THEN
    v_prize := p_fallback;
  ELSE
    RAISE EXCEPTION 'all prizes are gone' USING ERRCODE = 'MPS09';
  END IF;

  -- A physical prize waits for an address ('unpaid') unless the user has saved one already,
  -- then it is to ship ('addressed'; routes/user-data.ts moves the waiting ones when one is saved).
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
  RETURNING id INTO v_draw_id;
  IF p_pay_kind = 'chance' THEN
    INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref)
    VALUES (p_user_id, p_code, -p_cost, 'draw', v_draw_id::text);
  END IF;

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
      DO UPDATE SET balance = LEAST(user_chances.balance + v_chances, p_max_balance);
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

  -- The balance the payment left, unless the prize changed it (or gold rice paid).
  IF p_pay_kind <> 'chance' OR v_chances > 0 THEN
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
    UPDATE idempotency_requests SET response = v_result WHERE user_id = p_user_id AND key = p_key;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'response', v_result);
END;
$$;
