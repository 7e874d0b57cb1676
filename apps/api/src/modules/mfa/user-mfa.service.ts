import { MFA_POLICY_MESSAGES, NOT_FOUND, type UserMfa } from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { PasskeyService } from '../passkeys/index.js';
import { assertMayResetCredentials, findUser } from '../users/index.js';
import { createMfaMailer, factorChanges, type MfaMailDeps } from './mfa.mail.js';
import * as repo from './mfa.repository.js';
import { deleteRecoveryCodes, recoveryCodeCounts } from './recovery-codes.js';

/**
 * An administrator's view and reset of another user's second factors: counts only, never a secret; a
 * reset removes every authenticator, passkey and recovery code in one transaction, audited and e-mailed.
 */
export function createUserMfaService(deps: {
  database: Database;
  passkeys: Pick<PasskeyService, 'countForUser' | 'removeAllForUser'>;
  mail: MfaMailDeps;
}) {
  const { database, passkeys } = deps;
  const mailer = createMfaMailer(deps.mail);

  const userOf = async (tx: Tx, actor: Actor, userId: string) => {
    const user = await findUser(actor.tenantId, tx, userId);
    if (!user) throw notFound(NOT_FOUND.user);
    return user;
  };

  const countsOf = async (tx: Tx, tenantId: string, userId: string): Promise<UserMfa> => {
    const [devices, passkeyCount, codes] = await Promise.all([
      repo.countDevices(tenantId, tx, userId),
      passkeys.countForUser(tx, tenantId, userId),
      recoveryCodeCounts(tx, tenantId, userId),
    ]);
    return {
      totpDevices: devices.total,
      passkeys: passkeyCount,
      recoveryCodesRemaining: codes.remaining,
      enrolled: devices.enabled > 0 || passkeyCount > 0,
    };
  };

  /** How the user's e-mail names the administrator who changed their factors. */
  const nameOf = async (tx: Tx, actor: Actor) => {
    const admin = await findUser(actor.tenantId, tx, actor.userId);
    return admin ? `${admin.firstName} ${admin.lastName}`.trim() : 'An administrator';
  };

  /**
   * Removes the user's passkeys in the caller's transaction: an administrator's Reset password or End
   * all sessions with `removePasskeys`. Audited ('remove-passkeys', how many before and after) and, when
   * there were any, e-mailed to the user. One's own go through the MFA Devices page and its step-up.
   */
  async function removePasskeysWithin(tx: Tx, actor: Actor, meta: RequestMeta, userId: string) {
    if (userId === actor.userId) throw conflict(MFA_POLICY_MESSAGES.cannotResetOwnMfa);
    const user = await userOf(tx, actor, userId);
    const removed = await passkeys.removeAllForUser(tx, actor.tenantId, userId);
    await recordAudit(tx, meta, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action: 'remove-passkeys',
      targetType: 'user',
      targetId: userId,
      targetName: user.email,
      // How many passkeys ('passkeys' as a field name would read as a secret to the audit trail).
      before: { count: removed },
      after: { count: 0 },
    });
    if (removed > 0) {
      const by = await nameOf(tx, actor);
      await mailer.factorChanged(tx, actor.tenantId, userId, factorChanges.passkeysRemovedBy(by, removed));
    }
  }

  return {
    /** For the users and sessions modules (handed in by app.ts): the removal, and its mail after the commit. */
    passkeyRemover: { within: removePasskeysWithin, sent: () => mailer.nudge() },

    get: (actor: Actor, userId: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        await userOf(tx, actor, userId);
        return countsOf(tx, actor.tenantId, userId);
      }),

    async reset(actor: Actor, meta: RequestMeta, userId: string): Promise<void> {
      await database.tenant(actor.tenantId, async (tx) => {
        const user = await userOf(tx, actor, userId);
        // One's own factors go through the MFA Devices page, with its step-up.
        if (userId === actor.userId) throw conflict(MFA_POLICY_MESSAGES.cannotResetOwnMfa);
        assertMayResetCredentials(actor, user);
        const before = await countsOf(tx, actor.tenantId, userId);
        await repo.deleteUserDevices(actor.tenantId, tx, userId);
        if (before.passkeys > 0) await passkeys.removeAllForUser(tx, actor.tenantId, userId);
        await deleteRecoveryCodes(tx, actor.tenantId, userId);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'mfa-reset',
          targetType: 'user',
          targetId: userId,
          targetName: user.email,
          before,
          after: { totpDevices: 0, passkeys: 0, recoveryCodesRemaining: 0, enrolled: false },
        });
        await mailer.mfaReset(tx, actor.tenantId, userId, await nameOf(tx, actor));
      });
      mailer.nudge();
    },
  };
}

export type UserMfaService = ReturnType<typeof createUserMfaService>;
