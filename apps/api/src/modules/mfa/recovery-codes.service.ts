import type { MfaStepUp, RecoveryCodes, RecoveryCodesStatus, SignInMethod } from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { iso } from '../../lib/sql.js';
import { recordAudit, recordMfaChallenge } from '../../platform/audit/audit.service.js';
import { factorChanges, type MfaMailer } from './mfa.mail.js';
import { issueRecoveryCodes, recoveryCodeCounts, useRecoveryCode } from './recovery-codes.js';

/**
 * A user's recovery codes: their status, a new set (after the step-up), and their use at the second
 * step of a sign-in, audited and e-mailed to the user in the transaction that uses the code up.
 */
export function createRecoveryCodes(deps: {
  database: Database;
  mailer: MfaMailer;
  proveFactor: (actor: Actor, proof: MfaStepUp) => Promise<void>;
  hasFactor: (tx: Tx, tenantId: string, userId: string) => Promise<boolean>;
}) {
  const { database, mailer, proveFactor, hasFactor } = deps;
  return {
    /** The set's status, and whether the user has a factor (the console then asks adding for a step-up). */
    async recoveryCodesStatus(actor: Actor): Promise<RecoveryCodesStatus> {
      const { counts, enrolled } = await database.tenant(actor.tenantId, async (tx) => ({
        counts: await recoveryCodeCounts(tx, actor.tenantId, actor.userId),
        enrolled: await hasFactor(tx, actor.tenantId, actor.userId),
      }));
      return { ...counts, createdAt: counts.createdAt ? iso(counts.createdAt) : null, enrolled };
    },

    /** A new set, shown once; the old set stops working in the same transaction, and the user is told. */
    async regenerateRecoveryCodes(actor: Actor, meta: RequestMeta, proof: MfaStepUp): Promise<RecoveryCodes> {
      await proveFactor(actor, proof);
      const codes = await database.tenant(actor.tenantId, async (tx) => {
        const before = await recoveryCodeCounts(tx, actor.tenantId, actor.userId);
        const issued = await issueRecoveryCodes(tx, actor.tenantId, actor.userId);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'regenerate',
          targetType: 'recovery-codes',
          targetId: actor.userId,
          before: { remaining: before.remaining, total: before.total },
          after: { remaining: issued.length, total: issued.length },
        });
        await mailer.factorChanged(
          tx,
          actor.tenantId,
          actor.userId,
          factorChanges.recoveryCodesRegenerated(),
        );
        return issued;
      });
      mailer.nudge();
      return { codes };
    },

    /**
     * The MFA challenge of a sign-in answered with a recovery code: used up if right, audited either
     * way ('mfa-challenge'), and on success audited as 'recovery-code-used' with how many are left and
     * e-mailed to the user. Answers whether it was accepted; the caller counts failures.
     */
    async acceptRecoveryCode(
      tenantId: string,
      userId: string,
      code: string,
      signIn: { meta: RequestMeta; method: SignInMethod },
    ): Promise<boolean> {
      const accepted = await database.tenant(tenantId, async (tx) => {
        const used = await useRecoveryCode(tx, tenantId, userId, code);
        const factor = used ? { type: 'recovery-codes', id: userId } : null;
        await recordMfaChallenge(tx, signIn, { tenantId, userId }, factor, used !== null);
        if (!used) return false;
        await recordAudit(tx, signIn.meta, {
          tenantId,
          actorId: userId,
          action: 'recovery-code-used',
          method: signIn.method,
          targetType: 'recovery-codes',
          targetId: userId,
          before: { remaining: used.remaining + 1 },
          after: { remaining: used.remaining },
        });
        await mailer.recoveryCodeUsed(tx, tenantId, userId, used.remaining);
        return true;
      });
      if (accepted) mailer.nudge();
      return accepted;
    },
  };
}
