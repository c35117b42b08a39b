-- Core tables of the reference campaign server: users, per-activity user state, chances,
-- gold rice, tasks and sign-in. Families added later bring their own NNNN_name.sql.
-- Every "once" rule is a unique key so concurrent requests cannot award twice.

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 10000001) PRIMARY KEY,
  phone text NOT NULL UNIQUE,
  nick_name text NOT NULL,
  avatar_url text NOT NULL DEFAULT '',
  share_code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz NOT NULL DEFAULT now()
);

-- Per user and activity: visit and reminder flags (spec §3 user info, visit index info).
CREATE TABLE user_activity_state (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  first_visit_at timestamptz NOT NULL DEFAULT now(),
  last_visit_day date NOT NULL,
  visit_count integer NOT NULL DEFAULT 1,
  remind_status smallint NOT NULL DEFAULT 1,
  activity_remind_status smallint NOT NULL DEFAULT 1,
  share_status smallint NOT NULL DEFAULT 0,
  calendar_remind boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, activity_code)
);

-- Draw chances. The CHECK makes overspending impossible even under races: a consuming
-- UPDATE that would go negative fails instead of succeeding twice.
CREATE TABLE user_chances (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  PRIMARY KEY (user_id, activity_code)
);

-- Every change of user_chances, for chanceFlow and audits. ref names the source row
-- (task log id, sign day, draw id) so one source adds at most once per reason.
CREATE TABLE chance_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  delta integer NOT NULL,
  reason text NOT NULL,
  ref text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, activity_code, reason, ref)
);

-- Gold rice in cents (spec §4: the client divides the sum by 100). Balance = SUM(amount_cents).
CREATE TABLE gold_rice_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  amount_cents bigint NOT NULL,
  reason text NOT NULL,
  ref text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, activity_code, reason, ref)
);
CREATE INDEX gold_rice_ledger_user ON gold_rice_ledger (user_id, activity_code);

-- A click on a task (some tasks complete only after the user opened them).
CREATE TABLE task_clicks (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  task_id text NOT NULL,
  period_key text NOT NULL,
  clicked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code, task_id, period_key)
);

-- One completion per task per period ('once', a day or an ISO week); its id is the taskLogId.
CREATE TABLE task_completions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  task_id text NOT NULL,
  period_key text NOT NULL,
  reward_chances integer NOT NULL DEFAULT 0,
  reward_gold_rice_cents bigint NOT NULL DEFAULT 0,
  completed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, activity_code, task_id, period_key)
);

-- Sign-in: one row per user, activity, kind and campaign day (Asia/Shanghai).
-- kind 'daily' = signIn/sign; 'newUserPacket' = newUser/openSignPacket.
CREATE TABLE sign_ins (
  user_id bigint NOT NULL REFERENCES users (id),
  activity_code text NOT NULL,
  kind text NOT NULL,
  sign_day date NOT NULL,
  streak integer NOT NULL CHECK (streak >= 1),
  reward_chances integer NOT NULL DEFAULT 0,
  reward_gold_rice_cents bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, activity_code, kind, sign_day)
);
