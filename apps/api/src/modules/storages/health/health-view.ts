import type { StorageHealth } from '@skyvault/contract';
import { iso } from '../../../lib/sql.js';
import type { StorageRow } from '../storages.repository.js';

const isoOrNull = (date: Date | null) => (date ? iso(date) : null);

/**
 * A storage's health as the API answers it. A shared storage is the platform's: its tenants see
 * whether it works, never why not or what its bucket reports (the operators' CLI shows that).
 */
export function healthView(row: StorageRow, forTenant: string | null): StorageHealth {
  const status = row.healthStatus ?? null;
  if (row.isShared && forTenant !== null)
    return { status, problem: null, checkedAt: null, lastSuccessAt: null, changedAt: null, properties: null };
  return {
    status,
    problem: row.healthProblem ?? null,
    checkedAt: isoOrNull(row.checkedAt),
    lastSuccessAt: isoOrNull(row.lastSuccessAt),
    changedAt: isoOrNull(row.healthChangedAt),
    properties: row.healthProperties ?? null,
  };
}
