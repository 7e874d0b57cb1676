import type { Brand } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { listAdminRecipients } from '../users/index.js';
import type { StreamSuspended } from './log-stream-delivery.js';

/**
 * Tells a tenant's administrators (enabled ones) that a stream was suspended, through the mail outbox
 * in the transaction that suspended it: the mail goes out exactly when the change commits, once.
 */
export function suspendedStreamNotice(deps: {
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
}): StreamSuspended {
  return async (tx: Tx, stream) => {
    const admins = await listAdminRecipients(stream.tenantId, tx);
    for (const admin of admins) {
      const rendered = templates.logStreamSuspended(deps.brand, {
        firstName: admin.firstName,
        tenantName: admin.tenantName,
        streamName: stream.name,
        lastError: stream.lastError ?? '',
        url: `${deps.publicUrl}/log-streams`,
      });
      await deps.outbox.enqueueMail(tx, { to: admin.email, ...rendered }, stream.tenantId);
    }
  };
}
