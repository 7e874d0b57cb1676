import { randomUUID } from 'node:crypto';
import {
  CONNECTION_OAUTH_CALLBACK_PATH,
  type Connection,
  type ConnectionCreated,
  type ConnectionHealth,
  type ConnectionHealthReason,
  type ConnectionHealthStatus,
  type ConnectionRenewed,
  MESSAGES,
  NAME_TAKEN,
  NOT_FOUND,
  type OrganizationType,
  REFUSALS,
  salesforceUnavailableText,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { deleteStatesFor } from '../../platform/oauth-states/oauth-states.repository.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { approvalCap } from './approval-cap.js';
import {
  audited,
  type CallbackQuery,
  CONNECTION_LOGIN_PURPOSE,
  createConnectionAuthorization,
} from './connections.authorization.js';
import * as repo from './connections.repository.js';
import { createSalesforceClient } from './salesforce.client.js';

/** The last check's finding, or null before the first one. */
const healthOf = (row: repo.ConnectionListRow): ConnectionHealth | null =>
  row.healthStatus && row.checkedAt
    ? {
        status: row.healthStatus as ConnectionHealthStatus,
        reason: (row.healthReason as ConnectionHealthReason | null) ?? null,
        checkedAt: iso(row.checkedAt),
        changedAt: iso(row.healthChangedAt ?? row.checkedAt),
      }
    : null;

/** A connection as the list and the connection page answer it. */
export const toConnection = (row: repo.ConnectionListRow): Connection => ({
  id: row.id,
  connectionId: row.id,
  name: row.name,
  type: 'Salesforce',
  organizationType: row.organizationType,
  userName: row.salesforceUsername ?? '',
  status: row.status,
  lastError: row.lastError,
  // A creator who has since been deleted is shown as unknown rather than linked.
  createdBy: row.creatorId
    ? { id: row.creatorId, name: `${row.creatorFirstName} ${row.creatorLastName}`.trim() }
    : null,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  health: healthOf(row),
});

interface CreateInput {
  name: string;
  config: { organizationType: OrganizationType };
  storageId?: string;
  encryptionKey?: string;
}

/**
 * Backup tenants back up each org to a storage of theirs, encrypted with a key of theirs, so both are
 * required for them; other tenants have no backups, so neither may be given.
 */
function backupSettings(actor: Actor, input: CreateInput) {
  if (!actor.services.includes('backup')) {
    // The real reason, on each field sent: without Backup there is nothing to store or encrypt.
    const sent = (['storageId', 'encryptionKey'] as const).filter((field) => input[field] !== undefined);
    if (sent.length > 0) {
      const message = MESSAGES.backupOnlyConnectionSettings;
      throw new AppError('VALIDATION_ERROR', message, {
        fields: Object.fromEntries(sent.map((field) => [field, message])),
      });
    }
    return null;
  }
  const fields: Record<string, string> = {};
  if (input.storageId === undefined) fields.storageId = MESSAGES.storageRequired;
  if (input.encryptionKey === undefined) fields.encryptionKey = MESSAGES.encryptionKeyRequired;
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION_ERROR', first, { fields });
  return { storageId: input.storageId!, encryptionKey: input.encryptionKey! };
}

/** The tenant's Salesforce connections: listing, creating and renewing through the Salesforce login, deleting. */
export function createConnectionService(deps: {
  database: Database;
  secrets: SecretBox;
  config: Pick<Config, 'salesforce' | 'publicUrl' | 'supportContact'>;
  log: FastifyBaseLogger;
  /** The clock of token lifetimes and check times (see AppOptions.clock). */
  now?: () => number;
  /** Wakes the health checks when a login made connections due (the scheduler's, where it runs). */
  health?: { nudge(): void };
}) {
  const { database, secrets, config, log } = deps;
  const salesforce = createSalesforceClient(
    config.salesforce,
    `${config.publicUrl}${CONNECTION_OAUTH_CALLBACK_PATH}`,
  );
  const authorization = createConnectionAuthorization({
    database,
    secrets,
    salesforce,
    redirectUri: `${config.publicUrl}${CONNECTION_OAUTH_CALLBACK_PATH}`,
    log,
    now: deps.now ?? Date.now,
    health: deps.health,
  });

  // The administrator is told in their words whom to contact; the operator, in the log, what to set.
  const requireSalesforce = () => {
    if (salesforce.isConfigured()) return;
    log.warn('Salesforce connections refused: set SALESFORCE_CLIENT_ID and SALESFORCE_CLIENT_SECRET');
    throw new AppError('SERVICE_UNAVAILABLE', salesforceUnavailableText(config.supportContact));
  };

  return {
    /** Whether Salesforce orgs can be connected: the operator set the platform's connected app. */
    salesforceAvailable: () => salesforce.isConfigured(),

    async list(actor: Actor, query: repo.ConnectionListQuery) {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        repo.listConnections(actor.tenantId, tx, query),
      );
      return { rows: rows.map(toConnection), count };
    },

    /** A pending connection, and the Salesforce login that will connect it. */
    async create(actor: Actor, meta: RequestMeta, input: CreateInput): Promise<ConnectionCreated> {
      requireSalesforce();
      const backup = backupSettings(actor, input);
      const loginURI = await database.tenant(actor.tenantId, async (tx) => {
        if (await repo.nameTaken(actor.tenantId, tx, input.name)) {
          throw conflict(NAME_TAKEN.connection, { name: NAME_TAKEN.connection });
        }
        if (backup && !(await repo.storageVisible(actor.tenantId, tx, backup.storageId))) {
          throw invalidField('storageId', REFUSALS.connection.storageUnavailable);
        }
        const id = randomUUID();
        const encryptionKeyAt = sealedAt.connectionEncryptionKey(actor.tenantId, id);
        const row = await repo.insertConnection(actor.tenantId, tx, {
          id,
          name: input.name,
          organizationType: input.config.organizationType,
          storageId: backup?.storageId ?? null,
          encryptionKey: backup ? secrets.seal(encryptionKeyAt, backup.encryptionKey) : null,
          createdBy: actor.userId,
        });
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'connection',
          targetId: row.id,
          targetName: row.name,
          after: audited(row),
        });
        return authorization.start(tx, actor, row);
      });
      return { loginURI };
    },

    /** Update Token: a new Salesforce login for an existing connection. */
    async renew(
      actor: Actor,
      meta: RequestMeta,
      id: string,
      input: { connectionId: string; organizationType: OrganizationType; rebind?: boolean },
    ): Promise<ConnectionRenewed> {
      requireSalesforce();
      if (input.connectionId !== id) throw invalidField('connectionId', REFUSALS.connection.idMismatch);
      const loginUri = await database.tenant(actor.tenantId, async (tx) => {
        const row = await repo.findConnection(actor.tenantId, tx, id);
        if (!row) throw notFound(NOT_FOUND.connection);
        // Another type would log in to another org, under this connection's storage and key.
        if (row.organizationType !== input.organizationType) {
          throw invalidField('organizationType', REFUSALS.connection.typeFixed);
        }
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'renew',
          targetType: 'connection',
          targetId: id,
          targetName: row.name,
          // The confirmation is the administrator's decision: the trail keeps it.
          ...(input.rebind ? { after: { rebind: true } } : {}),
        });
        return authorization.start(tx, actor, row, { rebind: input.rebind });
      });
      return { loginUri };
    },

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const row = await database.tenant(actor.tenantId, async (tx) => {
        const found = await repo.findConnection(actor.tenantId, tx, id);
        if (!found) throw notFound(NOT_FOUND.connection);
        await deleteStatesFor(actor.tenantId, tx, CONNECTION_LOGIN_PURPOSE, id);
        await repo.deleteConnection(actor.tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'connection',
          targetId: id,
          targetName: found.name,
          before: audited(found),
        });
        return found;
      });
      // The org stops trusting us too; not awaited, as Salesforce's answer changes nothing here.
      const token = row.refreshToken
        ? secrets.open(sealedAt.connectionRefreshToken(actor.tenantId, row.id), row.refreshToken)
        : row.accessToken &&
          secrets.open(sealedAt.connectionAccessToken(actor.tenantId, row.id), row.accessToken);
      if (token && salesforce.isConfigured()) void authorization.revokeQuietly(row.organizationType, token);
    },

    complete: (actor: Actor | null, meta: RequestMeta, query: CallbackQuery) =>
      authorization.complete(actor, meta, query),

    approvalCap: (actor: Actor, query: { connectionId?: string }) =>
      approvalCap(database, actor, query.connectionId),
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;

/** A condition the setup guide reads in its one statement (modules/setup-guide): this module's SQL. */
export const tenantHasConnectedOrg = (tenantId: string) => repo.tenantHasConnectedOrg(tenantId);
