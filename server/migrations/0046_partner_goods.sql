-- Partner shop items (configActivity/youpinGoods, memberSpecial). Seeded from the activity's
-- benefits.youpin section when first read (name, prices, stock follow the config); `sold` is the
-- table's own: what the partner reports sold, never reset by a config reload.
CREATE TABLE partner_goods (
  activity_code text NOT NULL,
  list text NOT NULL CHECK (list IN ('goods', 'member')),
  goods_id text NOT NULL,
  name text NOT NULL,
  image text NOT NULL DEFAULT '',
  price_cents bigint NOT NULL CHECK (price_cents > 0),
  original_price_cents bigint NOT NULL DEFAULT 0 CHECK (original_price_cents >= 0),
  member_price_cents bigint NOT NULL DEFAULT 0 CHECK (member_price_cents >= 0),
  stock integer NOT NULL CHECK (stock >= 0),
  sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
  jump_url text NOT NULL DEFAULT '',
  tag text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (activity_code, list, goods_id)
);
