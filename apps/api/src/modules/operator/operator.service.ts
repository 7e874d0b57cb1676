import { SERVICE_KEYS, type ServiceKey } from '@skyvault/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type LicenseLimitValue, licenses, tenants, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';

export type LicenseProduct = 'Dbr' | 'Devops';

/** Which service a licence product belongs to. */
export const PRODUCT_SERVICE: Record<LicenseProduct, ServiceKey> = { Dbr: 'backup', Devops: 'devOps' };

/**
 * Platform operations (ARCHITECTURE §3): what operators do with the CLI, never tenants in the console.
 * Each change is audited in the tenant's trail with no actor and an `operator:` action.
 */
export function createOperatorService(database: Database) {
  async function findTenant(nameOrId: string) {
    const isId = /^[0-9a-f-]{36}$/i.test(nameOrId);
    const [tenant] = await database.system((tx) =>
      tx
        .select()
        .from(tenants)
        .where(isId ? eq(tenants.id, nameOrId) : sql`lower(${tenants.name}) = lower(${nameOrId})`)
        .limit(1),
    );
    if (!tenant) throw new AppError('NOT_FOUND', `No tenant "${nameOrId}".`);
    return tenant;
  }

  return {
    findTenant,

    async listTenants() {
      return database.system((tx) =>
        tx
          .select({
            id: tenants.id,
            name: tenants.name,
            status: tenants.status,
            services: tenants.services,
            users: count(users.id),
            createdAt: tenants.createdAt,
          })
          .from(tenants)
          .leftJoin(users, eq(users.tenantId, tenants.id))
          .groupBy(tenants.id)
          .orderBy(asc(tenants.name)),
      );
    },

    async setService(nameOrId: string, service: ServiceKey, enabled: boolean) {
      const tenant = await findTenant(nameOrId);
      const next = SERVICE_KEYS.filter((key) => (key === service ? enabled : tenant.services.includes(key)));
      await database.tenant(tenant.id, async (tx) => {
        await tx
          .update(tenants)
          .set({ services: next, updatedAt: new Date() })
          .where(eq(tenants.id, tenant.id));
        await recordAudit(tx, null, {
          tenantId: tenant.id,
          actorId: null,
          action: enabled ? 'operator:enable-service' : 'operator:disable-service',
          targetType: 'tenant',
          targetId: tenant.id,
          targetName: tenant.name,
          before: { services: tenant.services },
          after: { services: next },
        });
      });
      return { ...tenant, services: next };
    },

    /** Grants a licence, or replaces the edition, end date and limits of the existing one (no longer a trial). */
    async grantLicense(
      nameOrId: string,
      product: LicenseProduct,
      grant: { edition: string; endsAt: Date; limits?: LicenseLimitValue[] },
    ) {
      const tenant = await findTenant(nameOrId);
      return database.tenant(tenant.id, async (tx) => {
        const [before] = await tx
          .select()
          .from(licenses)
          .where(and(eq(licenses.tenantId, tenant.id), eq(licenses.product, product)));
        const values = {
          edition: grant.edition,
          endsAt: grant.endsAt,
          isTrial: false,
          limits: grant.limits ?? before?.limits ?? [],
          updatedAt: new Date(),
        };
        const [after] = before
          ? await tx.update(licenses).set(values).where(eq(licenses.id, before.id)).returning()
          : await tx
              .insert(licenses)
              .values({ tenantId: tenant.id, product, ...values })
              .returning();
        await recordAudit(tx, null, {
          tenantId: tenant.id,
          actorId: null,
          action: 'operator:grant-license',
          targetType: 'license',
          targetId: after!.id,
          targetName: product,
          before: before ? { edition: before.edition, endsAt: before.endsAt, limits: before.limits } : null,
          after: { product, edition: after!.edition, endsAt: after!.endsAt, limits: after!.limits },
        });
        return after!;
      });
    },

    /** How many days the tenant's audit trail keeps an event (the housekeeping deletes older ones). */
    async setAuditRetention(nameOrId: string, days: number) {
      const tenant = await findTenant(nameOrId);
      await database.tenant(tenant.id, async (tx) => {
        await tx
          .update(tenants)
          .set({ auditRetentionDays: days, updatedAt: new Date() })
          .where(eq(tenants.id, tenant.id));
        await recordAudit(tx, null, {
          tenantId: tenant.id,
          actorId: null,
          action: 'operator:set-audit-retention',
          targetType: 'tenant',
          targetId: tenant.id,
          targetName: tenant.name,
          before: { auditRetentionDays: tenant.auditRetentionDays },
          after: { auditRetentionDays: days },
        });
      });
      return { ...tenant, auditRetentionDays: days };
    },

    /** Ends a licence now: the console then shows 'Expired License'. */
    async expireLicense(nameOrId: string, product: LicenseProduct) {
      const tenant = await findTenant(nameOrId);
      return database.tenant(tenant.id, async (tx) => {
        const [row] = await tx
          .update(licenses)
          .set({ endsAt: new Date(), updatedAt: new Date() })
          .where(and(eq(licenses.tenantId, tenant.id), eq(licenses.product, product)))
          .returning();
        if (!row) throw new AppError('NOT_FOUND', `Tenant "${tenant.name}" has no ${product} licence.`);
        await recordAudit(tx, null, {
          tenantId: tenant.id,
          actorId: null,
          action: 'operator:expire-license',
          targetType: 'license',
          targetId: row.id,
          targetName: product,
          after: { endsAt: row.endsAt },
        });
        return row;
      });
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
