import {
  CONNECTION_USAGE_DAYS,
  type ConnectionCheck,
  type ConnectionDetail,
  type ConnectionHealthReason,
  type ConnectionHealthStatus,
  type ConnectionHistory,
  NOT_FOUND,
  type UnhealthyConnections,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import type { Actor } from '../../../lib/context.js';
import { notFound } from '../../../lib/errors.js';
import { iso } from '../../../lib/sql.js';
import type { MailOutbox } from '../../../platform/outbox/index.js';
import type { SecretBox } from '../../../platform/secrets/secrets.js';
import { toConnection } from '../connections.service.js';
import { createHealthCheck } from './health-check.js';
import * as reads from './health-reads.repository.js';
import { createHealthScheduler } from './health-scheduler.js';
import { createHealthWarnings } from './health-warnings.js';
import { createSalesforceApi } from './salesforce-api.js';
import { createTokenRenewal } from './token-renewal.js';

const DAY = 24 * 3_600_000;
/** The banner names this many connections and counts the rest. */
const BANNER_NAMES = 5;

type CheckRow = Awaited<ReturnType<typeof reads.listChecks>>[number];
const toCheck = (row: CheckRow): ConnectionCheck => ({
  ...row,
  checkedAt: iso(row.checkedAt),
  status: row.status as ConnectionHealthStatus,
  reason: row.reason as ConnectionHealthReason | null,
});

/**
 * The health of the tenant's Salesforce connections: the connection page's reads, Check now, and the
 * hourly checks (`start` in every process; `runDue` for one pass, `nudge` after a login made
 * connections due). Tokens are renewed through the same lease whoever needs them.
 */
export function createConnectionHealthService(deps: {
  database: Database;
  secrets: SecretBox;
  outbox: MailOutbox;
  config: Pick<Config, 'salesforce' | 'publicUrl' | 'brand'>;
  log: FastifyBaseLogger;
  /** The clock of token lifetimes and check times (see AppOptions.clock). */
  now?: () => number;
}) {
  const { database, secrets, outbox, config, log } = deps;
  const now = deps.now ?? Date.now;
  const api = createSalesforceApi(config.salesforce);
  const renewal = createTokenRenewal({ database, secrets, api, log, now });
  const warnings = createHealthWarnings({ outbox, brand: config.brand, publicUrl: config.publicUrl });
  const check = createHealthCheck({ database, api, renewal, warnings, nudgeMail: outbox.nudge, now });
  const scheduler = createHealthScheduler({
    database,
    check,
    configured: api.isConfigured(),
    pollMs: config.salesforce.checkPollMs,
    log,
    now,
  });

  async function get(actor: Actor, id: string): Promise<ConnectionDetail> {
    const row = await database.tenant(actor.tenantId, (tx) => reads.findDetail(actor.tenantId, tx, id));
    if (!row) throw notFound(NOT_FOUND.connection);
    return {
      ...toConnection(row),
      org: {
        orgId: row.orgId,
        instanceUrl: row.instanceUrl,
        isSandbox: row.isSandbox,
        apiVersion: row.apiVersion,
        observedOrgId: row.observedOrgId,
        earlierOrgIds: row.earlierOrgIds,
      },
      storageId: row.storageId,
    };
  }

  return {
    get,

    /** Check now: the connection's grant checked at once (a connection never connected is answered as it is). */
    async check(actor: Actor, id: string): Promise<ConnectionDetail> {
      await get(actor, id);
      await check.run(actor.tenantId, id, 'manual');
      return get(actor, id);
    },

    async history(actor: Actor, id: string): Promise<ConnectionHistory> {
      const since = new Date(now() - CONNECTION_USAGE_DAYS * DAY);
      const { checks, usage } = await database.tenant(actor.tenantId, async (tx) => {
        if (!(await reads.findDetail(actor.tenantId, tx, id))) throw notFound(NOT_FOUND.connection);
        return {
          checks: await reads.listChecks(actor.tenantId, tx, id),
          usage: await reads.usageByDay(actor.tenantId, tx, id, since),
        };
      });
      return { checks: checks.map(toCheck), usage };
    },

    unhealthy: (actor: Actor): Promise<UnhealthyConnections> =>
      database.tenant(actor.tenantId, (tx) => reads.listUnhealthy(actor.tenantId, tx, BANNER_NAMES)),

    /** A working access token for a connection's Salesforce calls (renewed under the lease if due). */
    accessTokenFor: renewal.accessTokenFor,
    runDue: scheduler.runDue,
    nudge: scheduler.nudge,
    start: scheduler.start,
  };
}

export type ConnectionHealthService = ReturnType<typeof createConnectionHealthService>;
