import { SERVICE_KEYS, type ServiceKey } from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './tenants.repository.js';

export const asServiceKeys = (values: readonly string[]): ServiceKey[] =>
  SERVICE_KEYS.filter((key) => values.includes(key));

export function createTenantService(database: Database) {
  return {
    async get(tenantId: string) {
      const tenant = await database.tenant(tenantId, (tx) => repo.findTenant(tenantId, tx));
      if (!tenant) throw notFound('Tenant not found.');
      return { ...tenant, services: asServiceKeys(tenant.services) };
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
