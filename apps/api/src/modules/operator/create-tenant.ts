import { randomUUID } from 'node:crypto';
import type { operatorTenantCreateSchema } from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { tenants } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { violatesUnique } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { createPlatformInvitations } from '../users/index.js';
import * as users from '../users/index.js';

type NewTenant = z.output<typeof operatorTenantCreateSchema>;

/** The index that keeps tenant names unique regardless of case (db/schema/tenants.ts). */
const TENANT_NAME_INDEX = 'tenants_name_lower_key';

const nameTaken = (name: string) => new AppError('CONFLICT', `A tenant named "${name}" exists already.`);

/**
 * The operator's `create-tenant`: an active organization (the operator vouches for it, so no sign-up
 * verification) with its first administrator, who waits for the invitation mailed to them to set a
 * password. Tenant, user, invitation, its e-mail and the audit event commit together; a server's
 * outbox sends the e-mail (at once, or when the next one starts).
 */
export async function createTenantWithAdministrator(
  deps: { database: Database; invitations: ReturnType<typeof createPlatformInvitations> },
  input: NewTenant,
) {
  const { database } = deps;
  const [taken] = await database.system((tx) =>
    tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(sql`lower(${tenants.name}) = lower(${input.name})`)
      .limit(1),
  );
  if (taken) throw nameTaken(input.name);
  const tenantId = randomUUID();
  try {
    return await database.tenant(tenantId, async (tx) => {
      await tx
        .insert(tenants)
        .values({ id: tenantId, name: input.name, status: 'active', services: input.services });
      const administrator = await users.insertUser(tenantId, tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: null,
        status: 'WaitConfirmation',
        isAdmin: true,
      });
      const { hours } = await deps.invitations.invite(tx, tenantId, administrator);
      await recordAudit(tx, null, {
        tenantId,
        actorId: null,
        action: 'operator:create-tenant',
        targetType: 'tenant',
        targetId: tenantId,
        targetName: input.name,
        after: { name: input.name, services: input.services, administrator: input.email },
      });
      return { tenantId, name: input.name, services: input.services, administrator, invitationHours: hours };
    });
  } catch (error) {
    // Another tenant took the name between the check and the write: the same answer as the check's.
    throw violatesUnique(error, TENANT_NAME_INDEX) ? nameTaken(input.name) : error;
  }
}
