import {
  type Brand,
  daysUntil,
  EXPIRY_BANNER_DAYS,
  EXPIRY_WARNING_DAYS,
  type ExpiringProviders,
} from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { iso } from '../../lib/sql.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { listAdminRecipients } from '../users/index.js';
import * as repo from './identity-providers.repository.js';

/** The warning a provider is due, `daysLeft` (rounded up) before its end: the latest threshold reached. */
export const warningDue = (daysLeft: number) =>
  [...EXPIRY_WARNING_DAYS].reverse().find((days) => daysLeft <= days) ?? null;

/**
 * Credentials that expire (docs/sso.md "Expiring secrets and certificates"). The housekeeping runs
 * `warnDue` daily in one process (housekeeping_runs and its lock): each provider whose client secret or
 * certificate ends within 30 days gets the latest warning it has reached (30, 7 or 1 days) e-mailed to
 * the tenant's administrators, once per threshold and end date: the notice row's insert decides,
 * in the transaction that queues the mail. A provider given a 5-day secret is told 7 days, never 30.
 */
export function createExpiryWarnings(deps: {
  database: Database;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  now?: () => number;
}) {
  const { database, outbox, brand, publicUrl } = deps;
  const now = deps.now ?? Date.now;

  return {
    /** Queues the warnings due now; answers how many providers were warned. */
    async warnDue(): Promise<number> {
      const at = now();
      const near = await database.system((tx) =>
        repo.providersExpiringWithin(tx, new Date(at), EXPIRY_BANNER_DAYS),
      );
      let warned = 0;
      for (const provider of near) {
        const daysLeft = daysUntil(provider.credentialsExpireAt, at);
        const daysBefore = warningDue(daysLeft);
        if (daysBefore === null) continue;
        const queued = await database.tenant(provider.tenantId, async (tx) => {
          const first = await repo.noteExpiryWarning(provider.tenantId, tx, {
            providerId: provider.id,
            daysBefore,
            expiresAt: provider.credentialsExpireAt,
          });
          if (!first) return false;
          for (const admin of await listAdminRecipients(provider.tenantId, tx)) {
            const rendered = templates.credentialsExpiring(brand, {
              firstName: admin.firstName,
              tenantName: admin.tenantName,
              providerName: provider.name,
              daysLeft: Math.max(daysLeft, 1),
              endsOn: iso(provider.credentialsExpireAt).slice(0, 10),
              url: `${publicUrl}/identity-providers/${provider.id}`,
            });
            await outbox.enqueueMail(tx, { to: admin.email, ...rendered }, provider.tenantId);
          }
          return true;
        });
        if (queued) warned += 1;
      }
      if (warned > 0) outbox.nudge();
      return warned;
    },

    /** The banner's providers: ending within 30 days or ended, soonest first. */
    async expiring(actor: Actor): Promise<ExpiringProviders> {
      const rows = await database.tenant(actor.tenantId, (tx) =>
        repo.providersExpiringWithin(tx, new Date(now()), EXPIRY_BANNER_DAYS, {
          tenantId: actor.tenantId,
          ended: true,
        }),
      );
      return {
        identityProviders: rows.map((row) => ({
          id: row.id,
          name: row.name,
          credentialsExpireAt: iso(row.credentialsExpireAt),
        })),
      };
    },
  };
}

export type ExpiryWarnings = ReturnType<typeof createExpiryWarnings>;
