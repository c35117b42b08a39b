-- Coupon pools (seeded from config at start, never refilled by a restart) and what each user
-- holds. Both limits move by conditional updates in the claim's transaction (domain/coupons.ts).
CREATE TABLE coupon_pools (
  activity_code text NOT NULL,
  coupon_id text NOT NULL,
  remaining integer NOT NULL CHECK (remaining >= 0),
  PRIMARY KEY (activity_code, coupon_id)
);

CREATE TABLE user_coupon_counts (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  coupon_id text NOT NULL,
  claimed integer NOT NULL CHECK (claimed >= 0),
  PRIMARY KEY (user_id, activity_code, coupon_id)
);

-- source: 'claim' (drawCoupon/sendCoupon) or 'draw' (a coupon prize; its stock is the prize's).
CREATE TABLE user_coupons (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  coupon_id text NOT NULL,
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_coupons_user ON user_coupons (user_id, activity_code);
