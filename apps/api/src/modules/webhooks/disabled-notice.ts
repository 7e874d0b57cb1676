import type { Brand } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { type EndpointDisabled, maskWebhookUrl } from '../../platform/webhook-outbox/index.js';
import { listAdminRecipients } from '../users/index.js';

/**
 * Tells a tenant's administrators (enabled ones) that an endpoint disabled itself, through the mail
 * outbox in the transaction that disabled it: the mail goes out exactly when the change commits, once.
 */
export function disabledEndpointNotice(deps: {
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
}): EndpointDisabled {
  return async (tx: Tx, endpoint) => {
    const admins = await listAdminRecipients(endpoint.tenantId, tx);
    for (const admin of admins) {
      const rendered = templates.webhookDisabled(deps.brand, {
        firstName: admin.firstName,
        tenantName: admin.tenantName,
        // Masked as everywhere else: a mail is no place for the receiver's token.
        endpointUrl: maskWebhookUrl(endpoint.url),
        url: `${deps.publicUrl}/webhooks`,
      });
      await deps.outbox.enqueueMail(tx, { to: admin.email, ...rendered }, endpoint.tenantId);
    }
  };
}
