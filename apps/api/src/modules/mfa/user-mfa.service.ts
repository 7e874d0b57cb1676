import { MFA_POLICY_MESSAGES, NOT_FOUND, type UserMfa } from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { PasskeyService } from '../passkeys/index.js';
import { findUser } from '../users/index.js';
import { createMfaMailer, type MfaMailDeps } from './mfa.mail.js';
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

  return {
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
        const admin = await findUser(actor.tenantId, tx, actor.userId);
        const resetBy = admin ? `${admin.firstName} ${admin.lastName}`.trim() : 'An administrator';
        await mailer.mfaReset(tx, actor.tenantId, userId, resetBy);
      });
      mailer.nudge();
    },
  };
}

export type UserMfaService = ReturnType<typeof createUserMfaService>;
