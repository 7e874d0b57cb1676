import { type ErrorCode, emailRule, firstNameRule, lastNameRule } from '@skyvault/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { RequestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { type AuditAction, recordAudit } from '../../platform/audit/audit.service.js';
import { tenantRouteOfEmail } from '../domains/index.js';
import { groupForAssignment } from '../groups/index.js';
import { assertDevopsSeats } from '../seats/index.js';
import { findUser, findUserByEmail, insertUser, type UserRow, updateUser } from '../users/index.js';
import * as repo from './sso.repository.js';

/** What the provider told us about the person, from the ID token and, where it says more, userinfo. */
export interface ProviderClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  /** Anything else the provider sent (groups, roles, a SAML attribute by its name), for group mapping. */
  [claim: string]: unknown;
}

export interface ProviderRef {
  id: string;
  name: string;
  defaultGroupId: string | null;
}

/** `created`: this sign-in made the user (just-in-time provisioning). */
export type AccountOutcome =
  | { user: UserRow; created?: boolean }
  | { refused: ErrorCode; reason: string; user?: UserRow };

const valid = <T extends z.ZodType<string>>(rule: T, value: unknown) => {
  const parsed = typeof value === 'string' ? rule.safeParse(value) : null;
  return parsed?.success ? parsed.data : undefined;
};

/**
 * A new user's names: the provider's given and family names, else its full name split at the first
 * space, else the address's local part (the user or an administrator can correct them later).
 */
export function namesFrom(claims: ProviderClaims, email: string) {
  const [head, ...tail] = typeof claims.name === 'string' ? claims.name.trim().split(/\s+/) : [];
  const local = email.split('@')[0]!.slice(0, 64);
  return {
    firstName:
      valid(firstNameRule, claims.given_name) ??
      valid(firstNameRule, head) ??
      valid(firstNameRule, local) ??
      'User',
    lastName:
      valid(lastNameRule, claims.family_name) ??
      valid(lastNameRule, tail.join(' ')) ??
      valid(lastNameRule, local) ??
      'User',
  };
}

/** Whether the provider says it verified the address (some providers send the flag as the string 'true'). */
const providerVerified = (claims: ProviderClaims) =>
  claims.email_verified === true || claims.email_verified === 'true';

/**
 * Finds the provider account's user in the tenant, or links or creates one, in the caller's transaction:
 * 1. the user this provider's subject was linked to before;
 * 2. else the user with the same e-mail address, linked only when the provider says it verified that
 *    address (otherwise anyone who can name an address at the provider could take over the account);
 * 3. else, when the address is on one of the tenant's verified domains (just-in-time provisioning,
 *    docs/sso.md), a new user (Confirmed, without a password) in the provider's default group when a
 *    DevOps seat allows it, and without a group otherwise; their address counts as proven only when
 *    the provider said it verified it. On any other domain the sign-in is refused and audited: a
 *    provider may vouch for addresses anywhere, but only a domain the tenant proved it owns says the
 *    person belongs to the tenant.
 * A linked user's address is proven by the provider's word, as a mailed link would prove it.
 * Audit events record links and new users; the caller audits the sign-in itself.
 */
export async function resolveAccount(
  tx: Tx,
  tenantId: string,
  provider: ProviderRef,
  claims: ProviderClaims,
  meta: RequestMeta,
): Promise<AccountOutcome> {
  const linkedId = await repo.findLinkedUserId(tenantId, tx, provider.id, claims.sub);
  const linked = linkedId ? await findUser(tenantId, tx, linkedId) : null;
  if (linked) return { user: linked };

  const email = valid(emailRule, claims.email);
  if (!email) return { refused: 'SSO_FAILED', reason: 'the provider sent no usable e-mail address' };
  const identity = { providerId: provider.id, subject: claims.sub, email };
  const audit = (action: AuditAction, target: UserRow, after: Record<string, unknown>) =>
    recordAudit(tx, meta, {
      tenantId,
      actorId: null,
      action,
      targetType: 'user',
      targetId: target.id,
      targetName: target.email,
      after,
    });

  const existing = await findUserByEmail(tenantId, tx, email);
  if (existing) {
    if (!providerVerified(claims)) {
      return { refused: 'SSO_FAILED', reason: 'e-mail of an existing user not verified', user: existing };
    }
    await repo.linkIdentity(tenantId, tx, { ...identity, userId: existing.id });
    await audit('link-identity', existing, { identityProviderId: provider.id, subject: claims.sub });
    const proven = existing.emailVerifiedAt ?? new Date();
    // Only an invited user who never set a password waits for confirmation; the provider has just
    // confirmed the address the invitation was sent to.
    if (existing.status === 'WaitConfirmation') {
      const confirmed = (await updateUser(tenantId, tx, existing.id, {
        status: 'Confirmed',
        emailVerifiedAt: proven,
      }))!;
      await recordAudit(tx, meta, {
        tenantId,
        actorId: null,
        action: 'update',
        targetType: 'user',
        targetId: existing.id,
        targetName: existing.email,
        before: { status: existing.status },
        after: { status: confirmed.status },
      });
      return { user: confirmed };
    }
    if (existing.emailVerifiedAt) return { user: existing };
    return { user: (await updateUser(tenantId, tx, existing.id, { emailVerifiedAt: proven }))! };
  }

  if (!(await tenantRouteOfEmail(tenantId, tx, email))) {
    await recordAudit(tx, meta, {
      tenantId,
      actorId: null,
      action: 'failed-sign-in',
      outcome: 'failure',
      method: 'sso',
      targetType: 'identity-provider',
      targetId: provider.id,
      targetName: provider.name,
      after: { email, refused: 'domain not verified' },
    });
    return { refused: 'SSO_DOMAIN_NOT_VERIFIED', reason: 'new user on a domain the tenant has not verified' };
  }
  let user = await insertUser(tenantId, tx, {
    email,
    ...namesFrom(claims, email),
    emailVerifiedAt: providerVerified(claims) ? new Date() : null,
    // No password: the user signs in through the provider (an administrator may set one later).
    passwordHash: null,
    status: 'Confirmed',
    isAdmin: false,
  });
  const groupId = await defaultGroupFor(tenantId, tx, provider, user.id);
  if (groupId) user = (await updateUser(tenantId, tx, user.id, { groupId }))!;
  await repo.linkIdentity(tenantId, tx, { ...identity, userId: user.id });
  await audit('create', user, {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    status: user.status,
    groupId: user.groupId,
    identityProviderId: provider.id,
  });
  return { user, created: true };
}

/** The default group when it still exists and its role has a DevOps seat for the new user. */
async function defaultGroupFor(tenantId: string, tx: Tx, provider: ProviderRef, userId: string) {
  if (!provider.defaultGroupId) return null;
  try {
    const group = await groupForAssignment(tenantId, tx, provider.defaultGroupId);
    await assertDevopsSeats(tenantId, tx, { roleId: group.roleId, addedUserIds: [userId] });
    return group.id;
  } catch (error) {
    // No seat left: the user signs in without a group (and without its rights) until an
    // administrator makes room; refusing the sign-in would help nobody.
    if (error instanceof AppError) return null;
    throw error;
  }
}
