-- Sign-in that proves identity (issue 35, decision 0003 amended): the embedded OpenID provider's
-- storage and the SMS codes, in the database so several nodes share them.

-- oidc-provider's models (Session, Interaction, AuthorizationCode, Grant, ...) by model and id,
-- plus its signing key. expires_at is the provider's own clock (real time); rows past it are
-- never returned and are swept on write.
CREATE TABLE oidc_store (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_store_grant ON oidc_store (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_store_uid ON oidc_store (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_store_expires ON oidc_store (expires_at) WHERE expires_at IS NOT NULL;

-- The code waiting for one phone: its hash, life and wrong tries; locked_until after too many.
CREATE TABLE sms_codes (
  phone text PRIMARY KEY,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  wrong_tries integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);

-- Every code sent, for the send limits per phone and per client address.
CREATE TABLE sms_sends (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  client_ip text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX sms_sends_phone ON sms_sends (phone, sent_at);
CREATE INDEX sms_sends_ip ON sms_sends (client_ip, sent_at);

-- Development only: the codes the development sender "sent", read by tests and the preview.
CREATE TABLE sms_dev_inbox (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  code text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX sms_dev_inbox_phone ON sms_dev_inbox (phone, id);
