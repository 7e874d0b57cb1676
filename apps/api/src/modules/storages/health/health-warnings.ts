import type { Brand, StorageHealthStatus, StorageProblem } from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../../db/client.js';
import { recordAudit } from '../../../platform/audit/audit.service.js';
import { templates } from '../../../platform/mail/templates.js';
import type { MailOutbox } from '../../../platform/outbox/index.js';
import { enqueueStorageUnhealthy } from '../../../platform/webhook-outbox/index.js';
import { listCreatorAndAdmins } from '../../users/index.js';
import type { StorageRow } from '../storages.repository.js';

/**
 * What a change of a storage's health sets off, in the transaction that stores it, so that each goes
 * out exactly once per change (never once per check): the audit event; an e-mail to the creator and
 * the administrators when it turns unhealthy and when it works again; the `storage.unhealthy` webhook.
 * A shared storage has no tenant to tell: its change is logged for the operators. Answers whether mail
 * was queued (the caller nudges the outbox after the commit).
 */
export function createStorageWarnings(deps: {
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return async function warn(
    tx: Tx,
    storage: StorageRow,
    before: StorageHealthStatus | null,
    after: { status: StorageHealthStatus; problem: StorageProblem | null },
  ): Promise<boolean> {
    const { tenantId } = storage;
    if (tenantId === null) {
      const level = after.status === 'Healthy' ? 'info' : 'warn';
      deps.log[level](
        { storageId: storage.id, storage: storage.name, status: after.status, problem: after.problem?.kind },
        'shared storage health changed',
      );
      return false;
    }
    await recordAudit(tx, null, {
      tenantId,
      actorId: null,
      action: 'health-changed',
      targetType: 'storage',
      targetId: storage.id,
      targetName: storage.name,
      outcome: after.status === 'Healthy' ? 'success' : 'failure',
      before: before ? { status: before } : null,
      after: { status: after.status, problem: after.problem?.kind ?? null },
    });
    // A first check that passes is no news; one that fails is.
    if (before === null && after.status === 'Healthy') return false;

    if (after.status === 'Unhealthy' && after.problem) {
      await enqueueStorageUnhealthy(tx, tenantId, {
        storage: { id: storage.id, name: storage.name, type: storage.type },
        problem: {
          kind: after.problem.kind,
          permission: after.problem.permission,
          message: after.problem.message,
        },
      });
    }
    const { tenantName, people } = await listCreatorAndAdmins(tenantId, tx, storage.createdBy);
    for (const person of people) {
      const rendered = templates.storageHealthChanged(deps.brand, {
        firstName: person.firstName,
        tenantName,
        storageName: storage.name,
        healthy: after.status === 'Healthy',
        problem: after.problem?.message ?? '',
        url: `${deps.publicUrl}/storages/${storage.id}`,
      });
      await deps.outbox.enqueueMail(tx, { to: person.email, ...rendered }, tenantId);
    }
    return people.length > 0;
  };
}

export type StorageWarnings = ReturnType<typeof createStorageWarnings>;
