-- user/insertOrUpdateUserData: the delivery address of physical prizes, one per user (upsert).
CREATE TABLE user_addresses (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  name text NOT NULL,
  phone text NOT NULL,
  region text NOT NULL,
  address text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- invitationPassword/getInvitationPassword: a random code per user, issued once, kept for good.
CREATE TABLE invitation_passwords (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
