-- Issue 34 item 11: the operators' live switch (server/src/domain/live-switches.ts, decision 0042).
-- A switch turns off one thing on a live page without a deployment:
--   scope 'activity': the whole activity (subject: its code; target '').
--   scope 'action':   one action family (subject: the activity code; target: an action name, e.g. draw);
--   scope 'widget':   one node of a page (subject: the route, e.g. /luckDraw; target: the node id).
-- live_switches holds the current state (a row with off = false is a switch turned back on);
-- live_switch_changes is the audit log: every change, who, when and why, never updated or deleted.
-- live_switch_version is one row bumped by every change in the same statement, so a node reads
-- one number each poll and reloads the state only when it moved.

CREATE TABLE live_switches (
  scope text NOT NULL CHECK (scope IN ('activity', 'action', 'widget')),
  subject text NOT NULL,
  target text NOT NULL,
  off boolean NOT NULL,
  reason text NOT NULL,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (scope, subject, target)
);

CREATE TABLE live_switch_changes (
  id bigserial PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('activity', 'action', 'widget')),
  subject text NOT NULL,
  target text NOT NULL,
  off boolean NOT NULL,
  reason text NOT NULL CHECK (length(btrim(reason)) > 0),
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL
);

CREATE TABLE live_switch_version (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
INSERT INTO live_switch_version (id, version) VALUES (1, 0);

-- The audit log is append-only: an UPDATE or DELETE of a row is refused by the database itself.
CREATE FUNCTION live_switch_changes_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'live_switch_changes is append-only';
END;
$$;

CREATE TRIGGER live_switch_changes_append_only
BEFORE UPDATE OR DELETE ON live_switch_changes
FOR EACH ROW EXECUTE FUNCTION live_switch_changes_append_only();
