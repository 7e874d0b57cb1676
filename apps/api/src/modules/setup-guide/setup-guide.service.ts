import type { SetupGuide, SetupGuidePatch, SetupStep } from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import * as repo from './setup-guide.repository.js';

/** The steps in their order; the storage step only where backups are made (as the Storages screen). */
function stepsOf(actor: Actor, progress: repo.SetupProgress): SetupStep[] {
  const backup = actor.services.includes('backup');
  return [
    { key: 'connectSalesforce', done: progress.connectedOrg },
    ...(backup ? [{ key: 'addStorage', done: progress.storage } as const] : []),
    { key: 'createRole', done: progress.role },
    { key: 'createGroup', done: progress.group },
    { key: 'inviteUsers', done: progress.severalUsers },
  ];
}

const toGuide = (actor: Actor, progress: repo.SetupProgress): SetupGuide => {
  const steps = stepsOf(actor, progress);
  return { steps, complete: steps.every((step) => step.done), dismissed: progress.dismissed };
};

/** The setup guide of a new organization: its steps, read from the real data, and whether it was hidden. */
export function createSetupGuideService(deps: { database: Database }) {
  const { database } = deps;
  return {
    get: (actor: Actor): Promise<SetupGuide> =>
      database.tenant(actor.tenantId, async (tx) =>
        toGuide(actor, await repo.readProgress(actor.tenantId, tx)),
      ),

    /** Hides the guide for every administrator of the organization (or shows it again), audited. */
    update: (actor: Actor, meta: RequestMeta, patch: SetupGuidePatch): Promise<SetupGuide> =>
      database.tenant(actor.tenantId, async (tx) => {
        const before = await repo.readProgress(actor.tenantId, tx);
        if (before.dismissed === patch.dismissed) return toGuide(actor, before);
        await repo.saveDismissed(actor.tenantId, tx, patch.dismissed);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'setup-guide',
          targetId: actor.tenantId,
          before: { dismissed: before.dismissed },
          after: { dismissed: patch.dismissed },
        });
        return toGuide(actor, { ...before, dismissed: patch.dismissed });
      }),
  };
}

export type SetupGuideService = ReturnType<typeof createSetupGuideService>;
