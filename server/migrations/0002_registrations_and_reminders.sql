-- user_activity_state rows can now exist before the first visit (a calendar reminder or a
-- profile flag set first), so the visit columns become nullable: NULL = never visited.
ALTER TABLE user_activity_state
  ALTER COLUMN first_visit_at DROP NOT NULL,
  ALTER COLUMN first_visit_at DROP DEFAULT,
  ALTER COLUMN last_visit_day DROP NOT NULL,
  ALTER COLUMN visit_count SET DEFAULT 0;

-- configActivity/register and getRegisterExists (spec §7): one registration per user and activity.
CREATE TABLE activity_registrations (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code)
);
