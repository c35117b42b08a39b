-- Video membership payment (routes/video-vip.ts, domain/video-vip.ts): an order becomes paid
-- once, when the cashier's result arrives (a conditional UPDATE on status = 'created'), and the
-- same transaction extends the user's membership by the goods' days. trade_no is the cashier's
-- own number, unique, so one payment can never complete two orders.
ALTER TABLE video_vip_orders ADD COLUMN paid_at timestamptz;
ALTER TABLE video_vip_orders ADD COLUMN trade_no text UNIQUE;

-- The benefit: one membership per user and activity, its end moved by every paid order.
CREATE TABLE video_vip_memberships (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  expires_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, activity_code)
);

-- One grant per paid order (the order number is the key): the days it added and the period.
CREATE TABLE video_vip_grants (
  order_no text PRIMARY KEY REFERENCES video_vip_orders (order_no),
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  days integer NOT NULL CHECK (days > 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL
);
CREATE INDEX video_vip_grants_user ON video_vip_grants (user_id, activity_code);
