import {
  type Brand,
  CONNECTION_HEALTH_LABELS,
  type ConnectionHealthReason,
  type ConnectionHealthStatus,
  HEALTH_ADVICE,
  isUnhealthy,
} from '@skyvault/contract';
import type { Tx } from '../../../db/client.js';
import { recordAudit } from '../../../platform/audit/audit.service.js';
import { templates } from '../../../platform/mail/templates.js';
import type { MailOutbox } from '../../../platform/outbox/index.js';
import { enqueueConnectionTokenInvalid } from '../../../platform/webhook-outbox/index.js';
import { listCreatorAndAdmins } from '../../users/index.js';
import type { LockedConnection } from './health.repository.js';

export interface HealthState {
  status: ConnectionHealthStatus | null;
  reason: ConnectionHealthReason | null;
}

/**
 * What a change of a connection's health sets off, in the transaction that stores it, so that each
 * goes out exactly once per change (never once per check): the audit event always; when the new
 * state needs a person, an e-mail to each recipient, and the `connection.token_invalid` webhook when
 * the grant is gone. Answers whether mail was queued (the caller nudges the outbox after the commit).
 */
export function createHealthWarnings(deps: { outbox: MailOutbox; brand: Brand; publicUrl: string }) {
  return async function warn(
    tx: Tx,
    tenantId: string,
    connection: LockedConnection,
    before: HealthState,
    after: HealthState & { status: ConnectionHealthStatus },
  ): Promise<boolean> {
    await recordAudit(tx, null, {
      tenantId,
      actorId: null,
      action: 'health-changed',
      targetType: 'connection',
      targetId: connection.id,
      targetName: connection.name,
      before: before.status ? { status: before.status, reason: before.reason } : null,
      after: { status: after.status, reason: after.reason },
    });
    if (!isUnhealthy(after.status)) return false;

    const { tenantName, people } = await listCreatorAndAdmins(tenantId, tx, connection.createdBy);
    const advice = after.reason ? HEALTH_ADVICE[after.reason] : null;
    for (const person of people) {
      const rendered = templates.connectionUnhealthy(deps.brand, {
        firstName: person.firstName,
        tenantName,
        connectionName: connection.name,
        status: CONNECTION_HEALTH_LABELS[after.status],
        summary: advice?.summary ?? '',
        action: advice?.action ?? 'Open the connection and use Check now.',
        url: `${deps.publicUrl}/connections/${connection.id}`,
      });
      await deps.outbox.enqueueMail(tx, { to: person.email, ...rendered }, tenantId);
    }
    if (after.status === 'ReauthRequired') {
      await enqueueConnectionTokenInvalid(tx, tenantId, {
        connection: { id: connection.id, name: connection.name },
        reason: after.reason ?? 'token_revoked_or_expired',
      });
    }
    return people.length > 0;
  };
}

export type HealthWarnings = ReturnType<typeof createHealthWarnings>;
