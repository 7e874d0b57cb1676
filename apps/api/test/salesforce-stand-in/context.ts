import type { Faults } from './faults.js';
import type { Grants } from './grants.js';
import type { OAuthErrorAnswer } from './http.js';
import type { Directory, StandInClock, StandInUser, User } from './model.js';

/** The connected app's policies, which tests may change while the stand-in runs. */
export interface StandInSettings {
  /** How long an access token works (Salesforce's session timeout). */
  accessTokenTtlMs: number;
  /** A refresh token unused this many days expires; 0 keeps it until revoked. */
  refreshTokenIdleDays: number;
  /** Approvals one user may hold; the next one revokes the least recently used. 0: no cap. */
  approvalLimit: number;
  /** Each refresh answers a new refresh token and voids the one sent. */
  rotateRefreshTokens: boolean;
}

/** The login service's token errors, as Salesforce words them (all answered with 400). */
export const TOKEN_ERRORS = {
  /** Revoked, evicted by a sixth approval, expired or idle. */
  expired: { status: 400, error: 'invalid_grant', error_description: 'expired access/refresh token' },
  /** The user was deactivated or changed their password. */
  authenticationFailure: { status: 400, error: 'invalid_grant', error_description: 'authentication failure' },
  invalidClient: { status: 400, error: 'invalid_client', error_description: 'invalid client credentials' },
  invalidClientId: {
    status: 400,
    error: 'invalid_client_id',
    error_description: 'client identifier invalid',
  },
  inactiveUser: { status: 400, error: 'inactive_user', error_description: 'user is inactive' },
  inactiveOrg: {
    status: 400,
    error: 'inactive_org',
    error_description: 'organization is locked, closed, or suspended',
  },
} satisfies Record<string, OAuthErrorAnswer>;

export type TokenErrorName = keyof typeof TOKEN_ERRORS;

/** A token error switched on by a test, for whom it applies and how many more times. */
export interface TokenErrorRule {
  answer: OAuthErrorAnswer;
  userId?: string;
  orgId?: string;
  refreshToken?: string;
  remaining: number;
}

export interface IssuedCode {
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  user: User;
  expiresAt: number;
}

export interface StandInContext {
  url: () => string;
  clientId: string;
  clientSecret: () => string;
  settings: StandInSettings;
  clock: StandInClock;
  directory: Directory;
  grants: Grants;
  faults: Faults;
  state: { user: StandInUser; decision: 'approve' | 'deny' };
  codes: Map<string, IssuedCode>;
  tokenErrors: TokenErrorRule[];
  /** Tokens revoked through the revoke endpoint, in order. */
  revoked: string[];
}

/** The identity URL Salesforce names in token answers: `…/id/{orgId}/{userId}`. */
export const identityUrl = (context: StandInContext, user: User) =>
  `${context.url()}/id/${user.org.id}/${user.userId}`;
