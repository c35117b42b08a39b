/**
 * How sign-in proves identity (issue 35): either an external OpenID provider (production: the
 * provider's own accounts) or the embedded one this server starts (development, tests, a declared
 * demo). The variables are declared, typed and documented in config/env-schema.ts (section
 * "Sign-in"); this module only turns them into one SignInConfig and applies the rules that join
 * them.
 */
import { EnvError } from '../config/env-fields';
import type { ServerEnv } from '../config/env-schema';
import { SMS_IP_MAX_PER_HOUR } from './sign-in-constants';

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

/** The parsed variables sign-in reads (config/env-schema.ts). */
export type SignInEnv = Pick<
  ServerEnv,
  | 'NODE_ENV'
  | 'OIDC_ISSUER'
  | 'OIDC_CLIENT_ID'
  | 'OIDC_CLIENT_SECRET'
  | 'OIDC_REDIRECT_URI'
  | 'OIDC_EMBEDDED_DEMO'
  | 'SMS_WEBHOOK_URL'
  | 'SMS_SENDS_PER_ADDRESS_PER_HOUR'
>;

function required(value: string | undefined, name: string): string {
  if (value === undefined) throw new EnvError(`${name} is required with OIDC_ISSUER`);
  return value;
}

/**
 * Throws (the start stops) on a production start with the embedded provider and no
 * OIDC_EMBEDDED_DEMO=1: whoever can read the SMS hook's log would be anyone, which is a demo,
 * not a service.
 */
export function loadSignInConfig(env: SignInEnv): SignInConfig {
  const production = env.NODE_ENV === 'production';
  if (env.OIDC_ISSUER !== undefined) {
    return {
      provider: 'external',
      issuer: env.OIDC_ISSUER.replace(/\/$/, ''),
      clientId: required(env.OIDC_CLIENT_ID, 'OIDC_CLIENT_ID'),
      clientSecret: required(env.OIDC_CLIENT_SECRET, 'OIDC_CLIENT_SECRET'),
      redirectUri: env.OIDC_REDIRECT_URI ?? null,
    };
  }
  if (production && !env.OIDC_EMBEDDED_DEMO) {
    throw new EnvError(
      'NODE_ENV=production needs OIDC_ISSUER (with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET): the ' +
        'embedded sign-in is for development; set OIDC_EMBEDDED_DEMO=1 to run it as a demo',
    );
  }
  return {
    provider: 'embedded',
    production,
    smsWebhookUrl: env.SMS_WEBHOOK_URL ?? null,
    smsSendsPerAddressPerHour: env.SMS_SENDS_PER_ADDRESS_PER_HOUR,
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
