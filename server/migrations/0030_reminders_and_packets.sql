-- Reminder switches, calendar-reminder returns and invite packets (routes/general-reminders.ts,
-- routes/general-packets.ts). Every "once" rule is a unique key.

-- setPush / setVideoReminderStatus / videoRemind: one switch per user, activity and kind
-- ('push', 'video'). The calendar switch stays in user_activity_state.calendar_remind.
CREATE TABLE user_reminders (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('push', 'video')),
  status smallint NOT NULL CHECK (status IN (0, 1)),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code, kind)
);

-- completeCalendarRemind: the user came back through the calendar reminder; once per campaign day.
CREATE TABLE calendar_remind_returns (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  return_day date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code, return_day)
);

-- openInvitePacket: a user opens one friend's packet per activity (the key), never their own.
CREATE TABLE invite_packet_opens (
  activity_code text NOT NULL,
  opener_id bigint NOT NULL REFERENCES users (id),
  inviter_id bigint NOT NULL REFERENCES users (id),
  opener_chances integer NOT NULL DEFAULT 0,
  opener_gold_rice_cents bigint NOT NULL DEFAULT 0,
  inviter_paid boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (activity_code, opener_id),
  CHECK (opener_id <> inviter_id)
);
CREATE INDEX invite_packet_opens_inviter ON invite_packet_opens (activity_code, inviter_id);
