import type { Executor } from '../../db/client.js';
import * as repo from './domains.repository.js';

/**
 * Where an address's verified domain sends its sign-ins, for other modules (sign-up, single sign-on,
 * the login): the look-ups of domains.repository.ts, offered through the module's index.
 */
export type { DomainRoute, VerifiedDomainRow } from './domains.repository.js';

/** The tenant that verified the address's domain, whichever it is; in a system transaction. */
export const verifiedRouteOfEmail = (db: Executor, email: string) => repo.verifiedRouteOfEmail(db, email);

/** The tenant's own verified domain of the address, if it verified that domain. */
export const tenantRouteOfEmail = (tenantId: string, db: Executor, email: string) =>
  repo.tenantRouteOfEmail(tenantId, db, email);
