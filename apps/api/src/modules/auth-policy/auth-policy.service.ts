import type { AuthPolicy, AuthPolicyPatch, MfaEnrolment } from '@skyvault/contract';
import type { Database, Executor } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import * as repo from './auth-policy.repository.js';
import { type EnrolmentState, enforcedAtAfter, enrolmentDue } from './enrolment.js';

const toPolicy = (row: repo.PolicyRow): AuthPolicy => ({
  mfaPolicy: row.mfaPolicy,
  mfaGraceDays: row.mfaGraceDays,
  mfaEnforcedAt: row.mfaEnforcedAt ? iso(row.mfaEnforcedAt) : null,
  refuseBreachedPasswords: row.refuseBreachedPasswords,
  notifyUnusualSignIns: row.notifyUnusualSignIns,
  notifySecurityAdmins: row.notifySecurityAdmins,
  unusualSignInSecondFactor: row.unusualSignInSecondFactor,
});

/** The answer's `mfaEnrolment` for a user in this state, or undefined when they need not enrol. */
export function mfaEnrolmentOf(
  state: EnrolmentState | null,
  passkeysAvailable: () => boolean,
): MfaEnrolment | undefined {
  const due = state && enrolmentDue(state);
  return due ? { ...due, passkeysAvailable: passkeysAvailable() } : undefined;
}

/** The user's enrolment answer, read in the caller's transaction (one statement). */
export async function mfaEnrolmentFor(
  tx: Executor,
  tenantId: string,
  userId: string,
  passkeysAvailable: () => boolean,
): Promise<MfaEnrolment | undefined> {
  return mfaEnrolmentOf(await repo.findEnrolmentState(tenantId, tx, userId), passkeysAvailable);
}

/** What decides whether the user must enrol (policy, role, factors), read in the caller's transaction. */
export const mfaEnrolmentStateFor = (tx: Executor, tenantId: string, userId: string) =>
  repo.findEnrolmentState(tenantId, tx, userId);

/** The tenant's authentication policy, read and changed by its administrators. */
export function createAuthPolicyService(deps: { database: Database }) {
  const { database } = deps;
  return {
    async get(actor: Actor): Promise<AuthPolicy> {
      const row = await database.tenant(actor.tenantId, (tx) => repo.findPolicy(actor.tenantId, tx));
      if (!row) throw notFound();
      return toPolicy(row);
    },

    async update(actor: Actor, meta: RequestMeta, patch: AuthPolicyPatch): Promise<AuthPolicy> {
      return database.tenant(actor.tenantId, async (tx) => {
        const before = await repo.findPolicy(actor.tenantId, tx);
        if (!before) throw notFound();
        const mfaPolicy = patch.mfaPolicy ?? before.mfaPolicy;
        const after = await repo.updatePolicy(actor.tenantId, tx, {
          ...patch,
          mfaEnforcedAt: enforcedAtAfter(before.mfaPolicy, mfaPolicy, before.mfaEnforcedAt, new Date()),
        });
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'auth-policy',
          targetId: actor.tenantId,
          before: toPolicy(before),
          after: toPolicy(after),
        });
        return toPolicy(after);
      });
    },
  };
}

export type AuthPolicyService = ReturnType<typeof createAuthPolicyService>;
