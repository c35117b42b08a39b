-- bankCard/bind, bankCard/list (ours, not in spec §7): the cards a user bound on /bind-card.
-- Only the last four digits are kept; card_hash (sha-256 of user id and number) makes one card
-- bound once per user however many requests race, without storing the number.
CREATE TABLE bank_cards (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  bank_name text NOT NULL,
  last4 text NOT NULL,
  card_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, card_hash)
);
CREATE INDEX bank_cards_user ON bank_cards (user_id, id);
