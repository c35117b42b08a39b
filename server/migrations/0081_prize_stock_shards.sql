-- A limited prize's stock split over several rows, "shards" (issue 17, decision 0027).
--
-- Before, each limited prize had one prize_stock row, and a draw of it held that row's lock from
-- its conditional update until its commit's WAL flush: draws of one prize passed one per flush,
-- and group commit could not help. Now a draw takes one unit from one shard, skipping shards
-- that other draws hold, so up to prize_stock_shard_count() draws of one prize flush together.
--
-- Rules (each kept by one statement below):
--   * A prize's stock and awarded count are the SUMS over its shards: the view prize_stock.
--   * A draw decrements one shard by a conditional update (stock > 0): the total awarded never
--     exceeds the configured stock (CHECK stock >= 0 too).
--   * Sold out only when every shard is 0: when all shards with stock are held by draws in
--     flight, the draw waits for them (one may roll back) instead of giving up.
--   * No deadlock among shards: a draw holds at most one shard lock and waits for at most one
--     shard at a time (a draw's limited prize, then its fallback, each after the other).
--   * An unlimited prize (stock NULL) keeps one row (shard 0), which draws never touch.

-- The number of shards of a limited prize: the one place it is set (decision 0027 and
-- docs/perf.md measured it). Prizes already split keep their shards if it changes: re-split
-- them in the migration that changes it.
CREATE FUNCTION prize_stock_shard_count() RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT 8 $$;

-- Shard p_shard's part of p_total over p_shards shards: the remainder goes to the first ones,
-- so the parts differ by at most 1 and sum to p_total. NULL (unlimited) stays NULL.
CREATE FUNCTION prize_stock_share(p_total integer, p_shard integer, p_shards integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT p_total / p_shards + CASE WHEN p_shard < p_total % p_shards THEN 1 ELSE 0 END
$$;

ALTER TABLE prize_stock RENAME TO prize_stock_shards;
ALTER TABLE prize_stock_shards ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE prize_stock_shards DROP CONSTRAINT prize_stock_pkey;
ALTER TABLE prize_stock_shards ADD PRIMARY KEY (activity_code, prize_id, shard);

-- Existing limited rows: the remaining stock is split over the shards, the awarded count stays
-- on shard 0 (only sums are read). The INSERT reads the totals before the UPDATE splits them.
INSERT INTO prize_stock_shards (activity_code, prize_id, shard, stock, awarded)
SELECT s.activity_code, s.prize_id, i,
  prize_stock_share(s.stock, i, prize_stock_shard_count()), 0
FROM prize_stock_shards s, generate_series(1, prize_stock_shard_count() - 1) AS i
WHERE s.shard = 0 AND s.stock IS NOT NULL;
UPDATE prize_stock_shards SET stock = prize_stock_share(stock, 0, prize_stock_shard_count())
WHERE shard = 0 AND stock IS NOT NULL;

-- What everything but the draw reads: one row per prize, the sums over its shards.
CREATE VIEW prize_stock AS
SELECT activity_code, prize_id, SUM(stock)::integer AS stock, SUM(awarded)::integer AS awarded
FROM prize_stock_shards
GROUP BY activity_code, prize_id;

-- A configured prize's stock, written once (domain/prize-stock.ts seedPrizeStock): the database
-- is the truth from then on, so a restart never refills a sold-out prize nor re-splits a split
-- one. Several processes starting at once insert the same rows; the primary key keeps one each.
CREATE FUNCTION prize_stock_seed(p_code text, p_prize_id text, p_stock integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO prize_stock_shards (activity_code, prize_id, shard, stock)
  SELECT p_code, p_prize_id, i, prize_stock_share(p_stock, i, prize_stock_shard_count())
  FROM generate_series(0, CASE WHEN p_stock IS NULL THEN 0 ELSE prize_stock_shard_count() - 1 END)
    AS i
  WHERE NOT EXISTS (
    SELECT 1 FROM prize_stock_shards WHERE activity_code = p_code AND prize_id = p_prize_id
  )
  ON CONFLICT DO NOTHING
$$;

-- draw_reserve as in migration 0080 (same arguments, same answer), the stock now taken from one
-- shard. The per-user count comes first, as before, and is put back when the stock is out.
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
  -- seeded unlimited and configured limited later stays unlimited, as in migration 0080.)
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
