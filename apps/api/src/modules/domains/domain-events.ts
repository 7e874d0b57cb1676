import type { Brand } from '@skyvault/contract';
import { domainTxtName } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import type { RequestMeta } from '../../lib/context.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { listAdminRecipients } from '../users/index.js';
import type { DomainEvent } from './domain-state.js';
import type { VerifiedDomainRow } from './domains.repository.js';

const AUDIT_ACTIONS = {
  verified: 'verify-domain',
  missing: 'domain-record-missing',
  restored: 'domain-record-restored',
  lapsed: 'lapse-domain',
} as const;

/** "2026-12-05 14:00 UTC": the e-mail's deadline, the same for every reader. */
const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What a change of a domain's state sets off, in the transaction that stores it, so that each goes out
 * once per change (never once per check): its audit event, and for a missing record or a lapse an
 * e-mail to each administrator. Answers whether mail was queued (the caller nudges the outbox).
 */
export function createDomainEvents(deps: {
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  graceMs: number;
}) {
  const url = `${deps.publicUrl}/domains`;

  async function mailAdmins(tx: Tx, row: VerifiedDomainRow, event: 'missing' | 'lapsed') {
    const admins = await listAdminRecipients(row.tenantId, tx);
    for (const admin of admins) {
      const common = { firstName: admin.firstName, tenantName: admin.tenantName, domain: row.domain, url };
      const rendered =
        event === 'missing'
          ? templates.domainRecordMissing(deps.brand, {
              ...common,
              txtName: domainTxtName(row.domain),
              lapsesOn: utcMinute(new Date(row.missingSince!.getTime() + deps.graceMs)),
            })
          : templates.domainLapsed(deps.brand, common);
      await deps.outbox.enqueueMail(tx, { to: admin.email, ...rendered }, row.tenantId);
    }
    return admins.length > 0;
  }

  return async function record(
    tx: Tx,
    before: VerifiedDomainRow,
    after: VerifiedDomainRow,
    event: DomainEvent,
    by: { userId: string; meta: RequestMeta } | null,
  ): Promise<boolean> {
    await recordAudit(tx, by?.meta ?? null, {
      tenantId: after.tenantId,
      actorId: by?.userId ?? null,
      action: AUDIT_ACTIONS[event],
      targetType: 'domain',
      targetId: after.id,
      targetName: after.domain,
      before: { status: before.status, missingSince: before.missingSince },
      after: { status: after.status, missingSince: after.missingSince, found: after.lastFound },
    });
    return event === 'missing' || event === 'lapsed' ? mailAdmins(tx, after, event) : false;
  };
}

export type DomainEvents = ReturnType<typeof createDomainEvents>;
