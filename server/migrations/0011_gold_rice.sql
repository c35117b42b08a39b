-- Gold-rice balance kept beside the ledger (0001) so spending is one conditional update:
-- `UPDATE gold_rice_balances SET balance_cents = balance_cents - $n WHERE ... AND
-- balance_cents >= $n RETURNING`. Credits reach it through a trigger, so every existing
-- writer of gold_rice_ledger (tasks, sign-in, draws) keeps it in step without knowing it.
-- Debits (negative ledger rows) are written only by domain/gold-rice.ts spendGoldRice, which
-- has already moved the balance with the conditional update; the trigger skips them.
CREATE TABLE gold_rice_balances (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  balance_cents bigint NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  PRIMARY KEY (user_id, activity_code)
);

INSERT INTO gold_rice_balances (user_id, activity_code, balance_cents)
SELECT user_id, activity_code, GREATEST(SUM(amount_cents), 0)
FROM gold_rice_ledger GROUP BY user_id, activity_code;

CREATE FUNCTION gold_rice_credit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO gold_rice_balances (user_id, activity_code, balance_cents)
  VALUES (NEW.user_id, NEW.activity_code, NEW.amount_cents)
  ON CONFLICT (user_id, activity_code)
  DO UPDATE SET balance_cents = gold_rice_balances.balance_cents + EXCLUDED.balance_cents;
  RETURN NULL;
END;
$$;

CREATE TRIGGER gold_rice_ledger_credit AFTER INSERT ON gold_rice_ledger
FOR EACH ROW WHEN (NEW.amount_cents > 0) EXECUTE FUNCTION gold_rice_credit();

-- coinWithDraw / redPacketWithDraw requests; the amount left the balance when the row was made.
CREATE TABLE gold_rice_withdrawals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  kind text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);
