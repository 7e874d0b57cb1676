import { type AdminRole, APPROVAL_ACTION_DEFINITIONS, type Brand } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import * as repo from './approvals.repository.js';

/** What each settled status tells the requester, in the subject and the message. */
const OUTCOMES: Partial<Record<repo.RequestRow['status'], string>> = {
  denied: 'denied',
  executed: 'approved and carried out',
  failed: 'approved, but it could not be carried out',
};

/**
 * The e-mails of a request, queued in its transaction (the outbox sends them once it commits): the
 * approvers hear of a new request, the requester of its decision and of its execution.
 */
export function createApprovalMail(deps: { outbox: MailOutbox; brand: Brand; publicUrl: string }) {
  const url = `${deps.publicUrl}/approvals`;
  return {
    async toApprovers(tx: Tx, row: repo.RequestRow, roles: readonly AdminRole[]) {
      const requester = await repo.findStanding(row.tenantId, tx, row.requestedBy);
      const approvers = await repo.listApprovers(row.tenantId, tx, roles, row.requestedBy);
      for (const approver of approvers) {
        const rendered = templates.approvalRequested(deps.brand, {
          firstName: approver.firstName,
          tenantName: approver.tenantName,
          requesterName: requester ? `${requester.firstName} (${requester.email})` : 'An administrator',
          actionLabel: APPROVAL_ACTION_DEFINITIONS[row.action].label,
          targetName: row.targetName ?? '',
          reason: row.reason,
          expiresAt: row.expiresAt.toUTCString(),
          url,
        });
        await deps.outbox.enqueueMail(tx, { to: approver.email, ...rendered }, row.tenantId);
      }
    },

    async toRequester(tx: Tx, row: repo.RequestRow) {
      const outcome = OUTCOMES[row.status];
      const requester = await repo.findStanding(row.tenantId, tx, row.requestedBy);
      if (!outcome || !requester || requester.status === 'Disabled') return;
      const rendered = templates.approvalDecided(deps.brand, {
        firstName: requester.firstName,
        actionLabel: APPROVAL_ACTION_DEFINITIONS[row.action].label,
        targetName: row.targetName ?? '',
        outcome,
        comment: row.status === 'failed' ? (row.failureReason ?? '') : (row.comment ?? ''),
        url,
      });
      await deps.outbox.enqueueMail(tx, { to: requester.email, ...rendered }, row.tenantId);
    },
  };
}
