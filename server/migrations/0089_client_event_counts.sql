-- spec §4 share result events (and documents' track actions), counted for the campaign owner:
-- one row per day, activity, channel, event and outcome, added to in place (no row per event).
CREATE TABLE client_event_counts (
  day date NOT NULL,
  activity text NOT NULL,
  channel text NOT NULL,
  event text NOT NULL,
  outcome text NOT NULL,
  count bigint NOT NULL CHECK (count >= 0),
  PRIMARY KEY (day, activity, channel, event, outcome)
);
