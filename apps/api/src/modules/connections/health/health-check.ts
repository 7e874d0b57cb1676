import {
  type CHECK_TRIGGERS,
  type ConnectionHealthReason,
  type ConnectionHealthStatus,
  SALESFORCE_APPROVAL_LIMIT,
} from '@skyvault/contract';
import type { Database } from '../../../db/client.js';
import { recordAudit } from '../../../platform/audit/audit.service.js';
import { retryDelay } from '../../../platform/background/poller.js';
import { type Finding, limitsFinding, refusalReason, sandboxOf, settledState } from './classify.js';
import * as repo from './health.repository.js';
import type { HealthWarnings } from './health-warnings.js';
import {
  type SalesforceApi,
  SalesforceUnavailableError,
  SessionRefusedError,
  TokenRefusedError,
} from './salesforce-api.js';
import { type AccessGrant, NotConnectedError, type TokenRenewal } from './token-renewal.js';

const HOUR = 3_600_000;
/** Every connection is checked hourly… */
export const CHECK_EVERY_MS = HOUR;
/** …and after an outage sooner, backing off from a minute to the hour. */
export const DEGRADED_RETRY = { firstDelayMs: 60_000, maxDelayMs: HOUR };
/** Salesforce adds a version three times a year: the versions list is read at most daily. */
const VERSION_EVERY_MS = 24 * HOUR;

export type CheckTrigger = (typeof CHECK_TRIGGERS)[number];

/**
 * One check of a connection's grant: a working access token (renewed if due), userinfo for the org
 * id it acts in (free), then the limits resource, the one metered call. The versions list (free) is
 * read daily and the Organization query only while the sandbox flag is unknown. The finding and its
 * check row are stored in one transaction with the warnings a change of state sets off.
 */
export function createHealthCheck(deps: {
  database: Database;
  api: SalesforceApi;
  renewal: TokenRenewal;
  warnings: HealthWarnings;
  nudgeMail: () => void;
  now: () => number;
}) {
  const { database, api, renewal, warnings, now } = deps;

  /** Revoked or evicted? Salesforce words both alike; at the approval limit, the least recently used goes. */
  async function reauthReason(target: repo.CheckTarget, tenantId: string, refused: TokenRefusedError) {
    const reason = refusalReason(refused);
    if (reason !== 'token_revoked_or_expired' || refused.error !== 'invalid_grant') return reason;
    if (!target.salesforceUserId || !target.tokenUsedAt) return reason;
    const newer = await database.system((tx) =>
      repo.countNewerApprovals(tx, {
        tenantId,
        id: target.id,
        salesforceUserId: target.salesforceUserId!,
        usedAt: target.tokenUsedAt!,
      }),
    );
    return newer >= SALESFORCE_APPROVAL_LIMIT ? 'approval_limit_evicted' : reason;
  }

  async function probe(tenantId: string, target: repo.CheckTarget): Promise<Finding> {
    const ref = { tenantId, id: target.id };
    let grant: AccessGrant | null = null;
    const about = () => ({ tokenVersion: grant?.version ?? target.tokenVersion });
    try {
      grant = await renewal.accessTokenFor(ref);
      // A token refused before its time (revoked, session ended) is renewed once and the call retried.
      const withToken = async <T>(call: (g: AccessGrant) => Promise<T>): Promise<T> => {
        try {
          return await call(grant!);
        } catch (error) {
          if (!(error instanceof SessionRefusedError)) throw error;
          grant = await renewal.accessTokenFor(ref, { staleVersion: grant!.version });
          return call(grant).catch((again: unknown) => {
            throw again instanceof SessionRefusedError ? new SalesforceUnavailableError(false) : again;
          });
        }
      };
      const { orgId } = await withToken((g) => api.userinfo(g.instanceUrl, g.accessToken));
      if (target.orgId && orgId !== target.orgId) {
        const instanceUrl = grant.instanceUrl;
        return { status: 'OrgChanged', reason: 'org_id_changed', orgId, instanceUrl, ...about() };
      }

      const checkedAt = target.apiVersionCheckedAt?.getTime() ?? 0;
      const versionDue = !target.apiVersion || now() - checkedAt >= VERSION_EVERY_MS;
      const apiVersion = versionDue
        ? await withToken((g) => api.latestVersion(g.instanceUrl, g.accessToken))
        : target.apiVersion!;
      const isSandbox =
        target.isSandbox ??
        sandboxOf(await withToken((g) => api.isSandbox(g.instanceUrl, apiVersion, g.accessToken)));
      const limits = await withToken((g) => api.limits(g.instanceUrl, apiVersion, g.accessToken));
      return {
        ...limitsFinding(limits),
        orgId,
        instanceUrl: grant.instanceUrl,
        apiVersion,
        versionChecked: versionDue,
        isSandbox,
        ...about(),
      };
    } catch (error) {
      if (error instanceof TokenRefusedError)
        return {
          status: 'ReauthRequired',
          reason: await reauthReason(target, tenantId, error),
          ...about(),
        };
      if (error instanceof SalesforceUnavailableError)
        return {
          status: 'Degraded',
          reason: error.timeout ? 'salesforce_timeout' : 'salesforce_unavailable',
          ...about(),
        };
      throw error;
    }
  }

  /** The finding, its check row and any warning, in one transaction; false if the connection went away. */
  async function store(
    tenantId: string,
    id: string,
    finding: Finding,
    trigger: CheckTrigger,
    durationMs: number,
  ): Promise<boolean> {
    const at = now();
    const checkedAt = new Date(at);
    const outcome = await database.tenant(tenantId, async (tx) => {
      const locked = await repo.lockForCheck(tenantId, tx, id);
      if (locked?.status !== 'connected') return null;
      // A login (or another renewal) replaced the tokens while this check ran: its finding is about
      // a grant that is gone, and the check of the new one decides.
      if (finding.tokenVersion !== undefined && finding.tokenVersion !== locked.tokenVersion) {
        await repo.updateHealth(tenantId, tx, id, { checkLeaseUntil: null });
        return { mailed: false };
      }
      const before = {
        status: locked.healthStatus as ConnectionHealthStatus | null,
        reason: locked.healthReason as ConnectionHealthReason | null,
      };
      const degraded = finding.status === 'Degraded';
      const after = settledState(before, finding);
      const changed = after.status !== before.status || after.reason !== before.reason;
      const failures = degraded ? locked.checkFailures + 1 : 0;
      const usage = finding.usage ?? null;
      await repo.insertCheck(tenantId, tx, {
        connectionId: id,
        checkedAt,
        trigger,
        status: finding.status,
        reason: finding.reason,
        apiUsed: usage?.used ?? null,
        apiMax: usage?.max ?? null,
        orgId: finding.orgId ?? locked.orgId,
        instanceUrl: finding.instanceUrl ?? locked.instanceUrl,
        isSandbox: finding.isSandbox ?? locked.isSandbox,
        apiVersion: finding.apiVersion ?? locked.apiVersion,
        durationMs,
      });
      await repo.updateHealth(tenantId, tx, id, {
        healthStatus: after.status,
        healthReason: after.reason,
        checkedAt,
        ...(changed ? { healthChangedAt: checkedAt } : {}),
        nextCheckAt: new Date(at + (degraded ? retryDelay(failures, DEGRADED_RETRY) : CHECK_EVERY_MS)),
        checkLeaseUntil: null,
        checkFailures: failures,
        ...(usage ? { apiUsed: usage.used, apiMax: usage.max } : {}),
        ...(finding.apiVersion ? { apiVersion: finding.apiVersion } : {}),
        ...(finding.versionChecked ? { apiVersionCheckedAt: checkedAt } : {}),
        ...(finding.isSandbox !== undefined ? { isSandbox: finding.isSandbox } : {}),
        ...(finding.orgId ? { observedOrgId: finding.orgId === locked.orgId ? null : finding.orgId } : {}),
      });
      if (changed && after.status === 'OrgChanged' && locked.organizationType === 'Production') {
        // A Production org never changes its id: this is someone else's org behind our grant.
        await recordAudit(tx, null, {
          tenantId,
          actorId: null,
          action: 'org-changed',
          targetType: 'connection',
          targetId: id,
          targetName: locked.name,
          outcome: 'failure',
          before: { orgId: locked.orgId },
          after: { orgId: finding.orgId ?? null },
        });
      }
      return { mailed: changed ? await warnings(tx, tenantId, locked, before, after) : false };
    });
    if (outcome?.mailed) deps.nudgeMail();
    return outcome !== null;
  }

  return {
    /**
     * Checks one connection now; false when there is nothing to check (never connected, no refresh
     * token, deleted). Salesforce's failures become the finding; only the database's are thrown.
     */
    async run(tenantId: string, id: string, trigger: CheckTrigger): Promise<boolean> {
      // Without the app's credentials every refresh would read as a dead grant and warn everyone.
      if (!api.isConfigured()) return false;
      const started = performance.now();
      const target = await database.tenant(tenantId, (tx) => repo.findCheckTarget(tenantId, tx, id));
      if (target?.status !== 'connected' || !target.hasGrant) return false;
      let finding: Finding;
      try {
        finding = await probe(tenantId, target);
      } catch (error) {
        if (error instanceof NotConnectedError) return false;
        throw error;
      }
      return store(tenantId, id, finding, trigger, Math.round(performance.now() - started));
    },
  };
}

export type HealthCheck = ReturnType<typeof createHealthCheck>;
