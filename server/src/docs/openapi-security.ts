import type { OpenAPIV3_1 } from 'openapi-types';
import {
  SERVICE_TOKEN_COOKIES,
  SERVICE_TOKEN_MARKER_COOKIES,
  USER_ID_COOKIES,
  WEB_LOGIN_PATH,
} from '../../../src/spec/constants';
import { LOGIN_CALLBACK_PATH } from '../auth/sign-in-constants';

/** Where the session comes from, said in each scheme. */
const SET_BY =
  `set by ${LOGIN_CALLBACK_PATH} at the end of the OpenID Connect sign-in that ${WEB_LOGIN_PATH} ` +
  'starts (a 401 answer means: sign in there, spec §6)';

/** The operators' bearer token (server/src/http/ops-token.ts). */
export const OPS_SCHEME = 'operatorToken';

/** Each cookie is an apiKey scheme named after the cookie. */
const cookie = (name: string, description: string): [string, OpenAPIV3_1.ApiKeySecurityScheme] => [
  name,
  { type: 'apiKey', in: 'cookie', name, description },
];

const token = (family: string, marker: string) =>
  `spec §4: the service token on ${family}, sent with a user id cookie. httpOnly (page scripts ` +
  `cannot read it; they read the \`${marker}\` marker set beside it), signed, ${SET_BY}.`;

const [USER_ID, OTHER_USER_ID] = USER_ID_COOKIES;

/**
 * spec §4: logged in = a user id cookie plus the service-token cookie of the host family (hosts
 * beginning 'm.' use one, every other host the other; auth/cookie-names.ts).
 */
export const securitySchemes = Object.fromEntries([
  [
    OPS_SCHEME,
    {
      type: 'http',
      scheme: 'bearer',
      description:
        'An operator token: OPS_TOKEN, or an operator’s own from OPS_OPERATORS (recorded in the ' +
        'audit log). Without one the operator routes answer 404, as if absent.',
    } satisfies OpenAPIV3_1.HttpSecurityScheme,
  ],
  cookie(
    USER_ID,
    `spec §4: the user id, readable by the page, sent with a service token; ${SET_BY}.`,
  ),
  cookie(
    OTHER_USER_ID,
    `spec §4: the other user id cookie name, accepted in place of \`${USER_ID}\` (which the ` +
      'server sets).',
  ),
  cookie(
    SERVICE_TOKEN_COOKIES.default,
    token("every host not beginning 'm.'", SERVICE_TOKEN_MARKER_COOKIES.default),
  ),
  cookie(
    SERVICE_TOKEN_COOKIES.mHost,
    token("hosts beginning 'm.'", SERVICE_TOKEN_MARKER_COOKIES.mHost),
  ),
  [
    OPS_SCHEME,
    {
      type: 'http',
      scheme: 'bearer',
      description:
        'The operators’ token (env OPS_TOKEN): `Authorization: Bearer <OPS_TOKEN>`. Without the ' +
        'setting, or with another token, the operator routes answer 404.',
    },
  ],
]);

/** A user id cookie AND a token cookie (of either host family): each pair is one alternative. */
const LOGGED_IN: OpenAPIV3_1.SecurityRequirementObject[] = USER_ID_COOKIES.flatMap((user) =>
  [SERVICE_TOKEN_COOKIES.default, SERVICE_TOKEN_COOKIES.mHost].map((tokenCookie) => ({
    [user]: [],
    [tokenCookie]: [],
  })),
);

/** The security requirement of a call by its auth: none, a login, or a login when present. */
export function securityOf(
  auth: 'user' | 'optional' | 'none' | 'ops',
): OpenAPIV3_1.SecurityRequirementObject[] {
  if (auth === 'ops') return [{ [OPS_SCHEME]: [] }];
  if (auth === 'user') return LOGGED_IN;
  return auth === 'optional' ? [{}, ...LOGGED_IN] : [];
}
