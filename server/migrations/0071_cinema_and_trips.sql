-- Cinema (routes/cinema.ts, ours): free tickets for showings of the activity's movies. Seats are
-- sold by a conditional upsert on cinema_showing_sales (sold < seats); a user's tickets are
-- numbered 1..ticketsPerUser under a unique key, so two parallel claims cannot both take the
-- last one.
CREATE TABLE cinema_showing_sales (
  activity_code text NOT NULL,
  showing_id text NOT NULL,
  sold integer NOT NULL CHECK (sold >= 0),
  PRIMARY KEY (activity_code, showing_id)
);

CREATE TABLE cinema_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  seq integer NOT NULL CHECK (seq >= 1),
  movie_id text NOT NULL,
  showing_id text NOT NULL,
  ticket_code text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, activity_code, seq)
);
CREATE INDEX cinema_orders_user ON cinema_orders (user_id, activity_code, id DESC);

-- Wallet trip (routes/wallet-trip.ts, ours): one check-in per user, activity and campaign day
-- pays diamonds; the balance is spent by conditional update and never goes negative.
CREATE TABLE trip_check_ins (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  trip_day date NOT NULL,
  mode_id text NOT NULL,
  diamonds integer NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, activity_code, trip_day)
);

CREATE TABLE trip_diamonds (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  balance integer NOT NULL CHECK (balance >= 0),
  PRIMARY KEY (user_id, activity_code)
);

CREATE TABLE trip_exchanges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  reward_id text NOT NULL,
  diamonds integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX trip_exchanges_user ON trip_exchanges (user_id, activity_code, id DESC);
