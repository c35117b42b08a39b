-- Installment offers (routes/installment.ts, spec §7 Installment).

-- addRemind: one reminder per user, activity and product.
CREATE TABLE installment_reminders (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  product_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code, product_id)
);

-- addCreditRecord: one row per credit the user took; the subsidy is fixed when recorded.
-- Retries are made safe by the Idempotency-Key (idempotency_keys), the limits by a per-user
-- lock row (installment_totals) updated conditionally in the same transaction.
CREATE TABLE installment_credit_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  product_id text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  term_months integer NOT NULL CHECK (term_months > 0),
  subsidy_cents bigint NOT NULL CHECK (subsidy_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX installment_credit_records_user
  ON installment_credit_records (user_id, activity_code, id DESC);

-- Running totals per user and activity: the conditional UPDATE keeps credit within the limit.
CREATE TABLE installment_totals (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  credit_cents bigint NOT NULL DEFAULT 0 CHECK (credit_cents >= 0),
  subsidy_cents bigint NOT NULL DEFAULT 0 CHECK (subsidy_cents >= 0),
  PRIMARY KEY (user_id, activity_code)
);
