import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Database } from '../db/client.js';
import { createOperatorService } from '../modules/operator/index.js';
import { createSupportAccess, SUPPORT_LINK_MINUTES } from '../modules/support-access/index.js';
import { createOutbox } from '../platform/outbox/index.js';
import type { SecretBox } from '../platform/secrets/secrets.js';
import type { MailSettings } from './create-tenant.command.js';

export const SUPPORT_SESSION_USAGE = `  support-session --tenant <tenant> --operator <name or e-mail> --ticket <reference>
                                            a one-time sign-in link into the tenant's console as a
                                            support session (${SUPPORT_LINK_MINUTES} minutes, used once), only inside
                                            the support access the tenant's Owner granted`;

/** Issuing a link sends nothing: the Owners are e-mailed when the session starts, by the server. */
const NO_SENDING = {
  send: () => Promise.reject(new Error('the admin command sends no mail')),
  close: () => {},
};

/**
 * `support-session`: the link for the operator, or one line saying why not (no live grant: exit 1).
 * The same function the browser tests call to make a link.
 */
export async function runSupportSession(
  input: { tenant?: string; operator?: string; ticket?: string },
  deps: { database: Database; secrets: SecretBox; mail: MailSettings },
  print: (line: string) => void,
): Promise<number> {
  const tenant = await createOperatorService(deps.database).findTenant(input.tenant ?? '');
  const supportAccess = createSupportAccess({
    database: deps.database,
    outbox: createOutbox({
      database: deps.database,
      secrets: deps.secrets,
      mailer: NO_SENDING,
      log: pino({ enabled: false }) as unknown as FastifyBaseLogger,
      schedule: { pollMs: 0 },
    }),
    brand: deps.mail.brand,
    publicUrl: deps.mail.publicUrl,
  });
  const link = await supportAccess.issueLink(tenant, { operator: input.operator, ticket: input.ticket });
  print(
    `Support session for "${tenant.name}", ticket ${input.ticket?.trim()}: open this link within ${SUPPORT_LINK_MINUTES} minutes (once):`,
  );
  print(link.url);
  print(
    `The session ends when the organization's grant does (${link.grantExpiresAt.toISOString()}) or is revoked.`,
  );
  return 0;
}
