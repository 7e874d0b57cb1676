import { API_TOKEN_MESSAGES } from './automation-messages.js';

/**
 * What an API token may not ask of a user although it may create and change users (EndpointDef's
 * `sessionOnlyBody`): a password, which whoever holds the token would know after it is revoked, and
 * administrator rights, which would make a lasting administrator out of a short-lived token. A user
 * made without a password is invited by e-mail, so the person behind the address sets their own.
 */
export function userBodyNeedsPerson(
  body: { password?: string | undefined; isAdmin?: boolean | undefined } | null | undefined,
): string | undefined {
  if (body?.password !== undefined) return API_TOKEN_MESSAGES.passwordNeedsPerson;
  if (body?.isAdmin === true) return API_TOKEN_MESSAGES.adminNeedsPerson;
  return undefined;
}

/**
 * Ending a user's sessions is open to API tokens (it contains an intruder), but removing the user's
 * passkeys with them is an MFA reset, which only a signed-in administrator makes.
 */
export function passkeyRemovalNeedsPerson(
  body: { removePasskeys?: boolean | undefined } | null | undefined,
): string | undefined {
  return body?.removePasskeys ? API_TOKEN_MESSAGES.mfaResetNeedsPerson : undefined;
}
