-- Contract-phone applications (issue 32, routes/contract-phones.ts): one per user and activity
-- (primary key), for one phone on one plan of the activity's offer. The price and subsidy are
-- kept as quoted when the user applied, so a later change of the offer does not rewrite them.
CREATE TABLE contract_applications (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  phone_id text NOT NULL,
  plan_id text NOT NULL,
  phone_name text NOT NULL,
  plan_name text NOT NULL,
  contract_price_cents integer NOT NULL CHECK (contract_price_cents >= 0),
  total_subsidy_cents integer NOT NULL CHECK (total_subsidy_cents >= 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, activity_code)
);
