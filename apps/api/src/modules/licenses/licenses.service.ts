import {
  LICENSE_SERVICE_BY_PRODUCT,
  type License,
  type LicenseResponse,
  type LicenseService,
  type LicenseState,
  PRODUCT_BY_LICENSE_SERVICE,
  PRODUCT_LABELS,
  REFUSALS,
  type ServiceKey,
  TRIAL_DAYS,
  TRIAL_LICENSES,
  type TrialStarted,
} from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import * as repo from './licenses.repository.js';

/** Usage is counted for the limits that have one (DevOps seats); the others answer null. */
async function usageOf(tenantId: string, tx: Tx, service: LicenseService): Promise<Record<string, number>> {
  return service === 'Devops' ? repo.devopsSeatsInUse(tenantId, tx) : {};
}

const toLicense = (row: repo.LicenseRow, used: Record<string, number>): License => ({
  edition: row.edition,
  endDate: iso(row.endsAt),
  isTrial: row.isTrial,
  limits: row.limits.map((limit) => ({ ...limit, used: used[limit.name] ?? null })),
});

const stateOf = (row: repo.LicenseWithExpiry | null): LicenseState =>
  !row ? 'No License' : row.expired ? 'Expired License' : 'Active License';

/** What the audit trail keeps of a licence. */
const audited = (row: repo.LicenseRow) => ({
  product: row.product,
  edition: row.edition,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  isTrial: row.isTrial,
  limits: row.limits,
});

const trialAlreadyStarted = (product: ServiceKey) =>
  REFUSALS.license.trialUsed(TRIAL_DAYS, PRODUCT_LABELS[product]);

/** Why a tenant that already has a licence of the product cannot start its trial. */
function trialRefusal(row: repo.LicenseWithExpiry, product: ServiceKey): string {
  const label = PRODUCT_LABELS[product];
  if (row.trialUsed) return trialAlreadyStarted(product);
  if (!row.expired) return REFUSALS.license.active(label);
  return REFUSALS.license.expired(label);
}

/**
 * Licences per tenant and product. Operators grant paid ones with the CLI; tenants only read theirs
 * and start each product's trial once. A product's licence needs that service enabled for the tenant.
 */
export function createLicensesService({ database }: { database: Database }) {
  const requireService = (actor: Actor, product: ServiceKey) => {
    if (!actor.services.includes(product)) throw new AppError('SERVICE_NOT_ENABLED');
  };

  return {
    async get(actor: Actor, service: LicenseService): Promise<LicenseResponse> {
      requireService(actor, PRODUCT_BY_LICENSE_SERVICE[service]);
      return database.tenant(actor.tenantId, async (tx) => {
        const row = await repo.findLicense(actor.tenantId, tx, service);
        if (!row) return { license: null };
        return { license: toLicense(row, await usageOf(actor.tenantId, tx, service)) };
      });
    },

    async state(actor: Actor, service: LicenseService): Promise<{ state: LicenseState }> {
      requireService(actor, PRODUCT_BY_LICENSE_SERVICE[service]);
      const row = await database.tenant(actor.tenantId, (tx) =>
        repo.findLicense(actor.tenantId, tx, service),
      );
      return { state: stateOf(row) };
    },

    /**
     * Starts the product's trial: only a tenant without any licence of the product may, and only once,
     * because the licence row (and its trialUsed mark) stays when the trial ends or a paid one replaces it.
     */
    async enableTrial(actor: Actor, meta: RequestMeta, product: ServiceKey): Promise<TrialStarted> {
      requireService(actor, product);
      const service = LICENSE_SERVICE_BY_PRODUCT[product];
      return database.tenant(actor.tenantId, async (tx) => {
        const current = await repo.findLicense(actor.tenantId, tx, service);
        if (current) throw conflict(trialRefusal(current, product));
        const row = await repo.insertTrial(actor.tenantId, tx, service, TRIAL_LICENSES[service], TRIAL_DAYS);
        // Another request started it in the meantime.
        if (!row) throw conflict(trialAlreadyStarted(product));
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'start-trial',
          targetType: 'license',
          targetId: row.id,
          targetName: service,
          after: audited(row),
        });
        return { license: toLicense(row, await usageOf(actor.tenantId, tx, service)) };
      });
    },
  };
}

export type LicensesService = ReturnType<typeof createLicensesService>;
