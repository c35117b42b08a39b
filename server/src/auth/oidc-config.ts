/**
 * How sign-in proves identity (issue 35): the one module that reads the sign-in environment
 * variables. Either an external OpenID provider (production: the provider's own accounts) or the
 * embedded one this server starts (development, tests, a declared demo).
 *
 * | variable            | type    | default              | meaning                                      |
 * | OIDC_ISSUER         | URL     | (unset: embedded)    | issuer of the external provider              |
 * | OIDC_CLIENT_ID      | string  | required with issuer | our client id at that provider               |
 * | OIDC_CLIENT_SECRET  | string  | required with issuer | our client secret (client_secret_basic)      |
 * | OIDC_REDIRECT_URI   | URL     | derived per request  | fixed redirect URI (else origin + callback)  |
 * | OIDC_EMBEDDED_DEMO  | 0 / 1   | 0                    | production only: allow the embedded provider |
 * | SMS_WEBHOOK_URL     | URL     | (unset: log sender)  | embedded provider: POST {phone, code, ...}   |
 * | SMS_SENDS_PER_ADDRESS_PER_HOUR | int > 0 | 30      | codes one client address may ask for an hour |
 * | NODE_ENV            | string  | development          | 'production' refuses the embedded provider   |
 */

export type SignInConfig = EmbeddedSignIn | ExternalSignIn;

export interface EmbeddedSignIn {
  provider: 'embedded';
  /** NODE_ENV=production: no dev inbox; the start says it is a demo. */
  production: boolean;
  /** Where codes go: null = the development sender (log + dev inbox; in a demo, the log only). */
  smsWebhookUrl: string | null;
  /**
   * Codes one client address may ask for per hour. Behind a balancer that hides client
   * addresses every request has the balancer's, so raise it there (or trust the proxy).
   */
  smsSendsPerAddressPerHour: number;
}

export interface ExternalSignIn {
  provider: 'external';
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** null: derived from the request's origin + LOGIN_CALLBACK_PATH. */
  redirectUri: string | null;
}

/** Tests and `npm start` without variables: the embedded provider with the development sender. */
export const DEVELOPMENT_SIGN_IN: EmbeddedSignIn = {
  provider: 'embedded',
  production: false,
  smsWebhookUrl: null,
  smsSendsPerAddressPerHour: SMS_IP_MAX_PER_HOUR,
};

import { SMS_IP_MAX_PER_HOUR } from './sign-in-constants';

type Env = Readonly<Record<string, string | undefined>>;

function url(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    return new URL(raw).href;
  } catch {
    throw new Error(`${name} must be an absolute URL, got ${JSON.stringify(raw)}`);
  }
}

function required(env: Env, name: string): string {
  const value = env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required with OIDC_ISSUER`);
  return value;
}

/**
 * Reads the sign-in variables once. Throws (the start stops) on a production start with the
 * embedded provider and no OIDC_EMBEDDED_DEMO=1: whoever can read the SMS hook's log would be
 * anyone, which is a demo, not a service.
 */
export function loadSignInConfig(env: Env): SignInConfig {
  const production = env.NODE_ENV === 'production';
  const demo = env.OIDC_EMBEDDED_DEMO || '0'; // empty counts as unset, as for every variable
  if (demo !== '0' && demo !== '1') {
    throw new Error(`OIDC_EMBEDDED_DEMO must be 0 or 1, got ${JSON.stringify(demo)}`);
  }
  const issuer = url(env, 'OIDC_ISSUER');
  if (issuer !== null) {
    return {
      provider: 'external',
      issuer: issuer.replace(/\/$/, ''),
      clientId: required(env, 'OIDC_CLIENT_ID'),
      clientSecret: required(env, 'OIDC_CLIENT_SECRET'),
      redirectUri: url(env, 'OIDC_REDIRECT_URI'),
    };
  }
  if (production && demo !== '1') {
    throw new Error(
      'NODE_ENV=production needs OIDC_ISSUER (with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET): the ' +
        'embedded sign-in is for development; set OIDC_EMBEDDED_DEMO=1 to run it as a demo',
    );
  }
  const perAddress = env.SMS_SENDS_PER_ADDRESS_PER_HOUR ?? '';
  if (perAddress !== '' && !/^[1-9]\d*$/.test(perAddress)) {
    throw new Error(
      `SMS_SENDS_PER_ADDRESS_PER_HOUR must be a positive integer, got ${JSON.stringify(perAddress)}`,
    );
  }
  return {
    provider: 'embedded',
    production,
    smsWebhookUrl: url(env, 'SMS_WEBHOOK_URL'),
    smsSendsPerAddressPerHour: perAddress === '' ? SMS_IP_MAX_PER_HOUR : Number(perAddress),
  };
}

/** The line the start logs about sign-in (a demo says so). */
export function describeSignIn(config: SignInConfig): string {
  if (config.provider === 'external') return `sign-in: OpenID provider ${config.issuer}`;
  const sms = config.smsWebhookUrl === null ? 'codes in the log' : 'codes by SMS_WEBHOOK_URL';
  return config.production
    ? `sign-in: DEMO - embedded OpenID provider in production (OIDC_EMBEDDED_DEMO=1), ${sms}`
    : `sign-in: embedded OpenID provider (development), ${sms} and the dev inbox`;
}
