import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { verifiedDomainProviders, verifiedDomains } from '../../db/schema/index.js';
import { domainOfEmail } from './domain-names.js';

/*
 * The look-ups other modules route an address with (sign-in, enforcement, sign-up), offered through
 * index.ts; the domain screens' reads and writes are in domains.repository.ts.
 */

export type VerifiedDomainRow = typeof verifiedDomains.$inferSelect;

/** A verified domain and the providers its addresses are sent to, in the administrator's order. */
export interface DomainRoute {
  domain: VerifiedDomainRow;
  providerIds: string[];
}

async function withProviders(
  db: Executor,
  domain: VerifiedDomainRow | undefined,
): Promise<DomainRoute | null> {
  if (!domain) return null;
  const providers = await db
    .select({ providerId: verifiedDomainProviders.providerId })
    .from(verifiedDomainProviders)
    .where(
      and(
        eq(verifiedDomainProviders.tenantId, domain.tenantId),
        eq(verifiedDomainProviders.domainId, domain.id),
      ),
    )
    .orderBy(asc(verifiedDomainProviders.position), asc(verifiedDomainProviders.providerId));
  return { domain, providerIds: providers.map((row) => row.providerId) };
}

/**
 * The tenant that verified the address's domain, whichever it is: for a look-up before any tenant is
 * known (the login's e-mail step, sign-up). Run it in a system transaction.
 */
export async function verifiedRouteOfEmail(db: Executor, email: string): Promise<DomainRoute | null> {
  const domain = domainOfEmail(email);
  if (!domain) return null;
  const [row] = await db
    .select()
    .from(verifiedDomains)
    .where(and(eq(verifiedDomains.domain, domain), eq(verifiedDomains.status, 'Verified')))
    .limit(1);
  return withProviders(db, row);
}

/** The tenant's own verified domain of the address, if it verified that domain. */
export async function tenantRouteOfEmail(
  tenantId: string,
  db: Executor,
  email: string,
): Promise<DomainRoute | null> {
  const domain = domainOfEmail(email);
  if (!domain) return null;
  const [row] = await db
    .select()
    .from(verifiedDomains)
    .where(
      and(
        eq(verifiedDomains.tenantId, tenantId),
        eq(verifiedDomains.domain, domain),
        eq(verifiedDomains.status, 'Verified'),
      ),
    )
    .limit(1);
  return withProviders(db, row);
}
