/**
 * Every number of the sign-in (issue 35). The spec gives none of them (it only says login
 * redirects to web login, §4), so they are ours, named here in one place.
 */

/** An SMS code: this many digits. */
export const SMS_CODE_DIGITS = 6;
/** An SMS code is good for five minutes after it is sent. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** This many wrong codes in a row lock the phone... */
export const SMS_MAX_WRONG_TRIES = 5;
/** ...for this long (no code is accepted, none is sent). */
export const SMS_LOCK_MS = 15 * 60_000;

/** Send limits per phone: one code a minute, at most ten a day. */
export const SMS_PHONE_RESEND_GAP_MS = 60_000;
export const SMS_PHONE_MAX_PER_DAY = 10;
/** Send limit per client address: at most 30 codes an hour (one office behind one NAT). */
export const SMS_IP_MAX_PER_HOUR = 30;
export const DAY_MS = 24 * 3600_000;
export const HOUR_MS = 3600_000;

/** The relying party's transaction (state, nonce, PKCE verifier) lives this long in its cookie. */
export const LOGIN_TRANSACTION_TTL_SECONDS = 10 * 60;
/** The embedded provider's own session (who typed the code), and its interactions. */
export const PROVIDER_SESSION_TTL_SECONDS = 24 * 3600;
export const PROVIDER_INTERACTION_TTL_SECONDS = 15 * 60;

/** Where the embedded provider is mounted (its issuer path) and its interaction pages. */
export const OIDC_MOUNT_PATH = '/mp/api/oidc';
export const OIDC_INTERACTION_PATH = `${OIDC_MOUNT_PATH}/interaction`;
/** The relying party's redirect target (the logout route is WEB_LOGOUT_PATH, src/spec). */
export const LOGIN_CALLBACK_PATH = '/mp/api/login/callback';
/** Development only (absent in production): the codes the development sender wrote. */
export const DEV_SMS_INBOX_PATH = '/mp/api/dev/sms-inbox';
