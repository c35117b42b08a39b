-- Tongcheng (travel partner) pages: the phone a visitor binds for an activity, to which the
-- partner credits the coupons drawn. One per user and activity; the first binding is kept
-- (INSERT ... ON CONFLICT DO NOTHING), so two submits at once cannot leave two phones.
CREATE TABLE tongcheng_bindings (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code)
);
