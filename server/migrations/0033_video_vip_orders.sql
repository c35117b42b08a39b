-- Video membership orders (routes/video-vip.ts). pay/payV2 insert with the client's
-- Idempotency-Key as a unique key per user, so a retried pay returns the same order.
CREATE TABLE video_vip_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  goods_id text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  -- 'created' until the cashier reports; 'closed' is derived at read time after the TTL.
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'closed')),
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX video_vip_orders_user ON video_vip_orders (user_id, id DESC);
