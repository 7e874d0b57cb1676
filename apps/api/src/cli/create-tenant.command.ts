import { type Brand, operatorTenantCreateSchema } from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Database } from '../db/client.js';
import { createTenantWithAdministrator } from '../modules/operator/index.js';
import { createPlatformInvitations } from '../modules/users/index.js';
import { createOneTimeTokens } from '../platform/one-time-tokens/one-time-tokens.service.js';
import { createOutbox } from '../platform/outbox/index.js';
import type { SecretBox } from '../platform/secrets/secrets.js';

export const CREATE_TENANT_USAGE = `  create-tenant <name> --service <backup|devOps> [--service …] --admin-email <e-mail>
    --first-name <name> --last-name <name>
                                            a new organization and its first administrator, who is
                                            e-mailed an invitation to set a password (48 hours)`;

/** What the e-mail needs from the configuration: its brand and the console's public address. */
export interface MailSettings {
  brand: Brand;
  publicUrl: string;
}

const PLATFORM_NAMES: Record<Brand, string> = { skyvault: 'Skyvault', flosum: 'Flosum' };

/** The command writes its e-mail to the outbox table only: a running server (or the next one) sends it. */
const NO_SENDING = {
  send: () => Promise.reject(new Error('the admin command queues mail, a server sends it')),
  close: () => {},
};

/**
 * `create-tenant`: validated by the contract's schema (the console's rules for each field; a bad one
 * is a line `<option>: <message>`, exit 2); prints what it did, never the invitation's link.
 */
export async function runCreateTenant(
  input: { name?: string; services?: string[]; email?: string; firstName?: string; lastName?: string },
  deps: { database: Database; secrets: SecretBox; mail: MailSettings },
  print: (line: string) => void,
): Promise<number> {
  const parsed = operatorTenantCreateSchema.safeParse({
    name: input.name ?? '',
    services: input.services ?? [],
    email: input.email ?? '',
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
  });
  if (!parsed.success) {
    const option = {
      name: '<name>',
      services: '--service',
      email: '--admin-email',
      firstName: '--first-name',
      lastName: '--last-name',
    };
    const said = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof typeof option;
      if (said.has(field)) continue;
      said.add(field);
      print(`${option[field] ?? field}: ${issue.message}`);
    }
    return 2;
  }
  const outbox = createOutbox({
    database: deps.database,
    secrets: deps.secrets,
    mailer: NO_SENDING,
    log: pino({ enabled: false }) as unknown as FastifyBaseLogger,
    schedule: { pollMs: 0 },
  });
  const invitations = createPlatformInvitations({
    tokens: createOneTimeTokens(deps.database),
    outbox,
    brand: deps.mail.brand,
    publicUrl: deps.mail.publicUrl,
    platformName: PLATFORM_NAMES[deps.mail.brand],
  });
  const created = await createTenantWithAdministrator({ database: deps.database, invitations }, parsed.data);
  print(`Tenant "${created.name}" created: ${created.tenantId} (services: ${created.services.join(', ')}).`);
  print(
    `Its administrator ${created.administrator.email} is invited by e-mail to set a password (the link works ${created.invitationHours} hours and opens ${deps.mail.publicUrl}).`,
  );
  print(
    'A server sends the e-mail from the outbox: at once when one runs on this database, else when the next one starts.',
  );
  return 0;
}
