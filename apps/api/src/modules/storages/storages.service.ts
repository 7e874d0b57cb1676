import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  NAME_TAKEN,
  NOT_FOUND,
  REFUSALS,
  STORAGE_MESSAGES,
  type Storage,
  type StorageChecks,
  type StorageCreate,
  type StorageCreated,
  type StorageSettings,
  type StorageTest,
  type StorageTestResult,
  storageCreateSchema,
  type storageListQuerySchema,
  type storagePatchSchema,
  TOASTS,
  type UnhealthyStorages,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import * as health from './health/health.repository.js';
import { healthView } from './health/health-view.js';
import { isCloud, type StorageCheck, type StorageProbe } from './health/storage-check.js';
import {
  credentialsView,
  openCredentials,
  type StoredCredentials,
  sealCredentials,
  withStoredSecret,
} from './storage-credentials.js';
import * as repo from './storages.repository.js';

type StorageInput = z.output<typeof storageCreateSchema>;
type StorageChange = z.output<typeof storagePatchSchema>;
type StorageListQuery = z.output<typeof storageListQuerySchema>;
type StorageTestInput = StorageTest & { credentials: Record<string, string | undefined> };

const toStorage = (
  row: repo.StorageRow,
  credentials: StoredCredentials,
  forTenant: string | null,
): Storage => ({
  id: row.id,
  name: row.name,
  type: row.type,
  isSharedStorage: row.isShared,
  credentials: credentialsView(row.type, credentials),
  health: healthView(row, forTenant),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/**
 * What the audit trail keeps: credentials flattened, so that region or bucket changes read plainly;
 * key fields are redacted by their names and still show as changed.
 */
const audited = (row: { name: string; type: string }, credentials: StoredCredentials) => ({
  name: row.name,
  type: row.type,
  ...credentials,
});

/**
 * A connection still points at the storage: its foreign key is ON DELETE RESTRICT, which PostgreSQL
 * reports as restrict_violation (23001), or foreign_key_violation (23503) were it NO ACTION.
 */
const REFERENCED = ['23001', '23503'];
function isStillReferenced(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return REFERENCED.includes(String(cause?.code ?? code));
}

/** The banner names this many storages and counts the rest. */
const BANNER_NAMES = 5;

/** A save whose test failed, unless the administrator confirmed it: the problem at its field. */
function testFailed(result: StorageTestResult): AppError {
  const problem = result.problem;
  return new AppError('STORAGE_TEST_FAILED', undefined, {
    fields: problem?.field ? { [problem.field]: problem.message } : {},
  });
}

const NO_STORED = { type: 'Local' as const, credentials: {} };

/**
 * Backup storages of a tenant, plus the shared ones the platform offers to all: those are listed and
 * readable, never changed here. Another tenant's storage answers 404 like an unknown one. Every save
 * of credentials tests them first (modules/storages/health): a failing storage is refused unless the
 * administrator confirms, and is then kept as unhealthy.
 */
export function createStorageService(deps: {
  database: Database;
  secrets: SecretBox;
  probe: StorageProbe;
  check: StorageCheck;
  /** STORAGE_CUSTOM_ENDPOINTS: whether an S3 storage may name its own endpoint. */
  customEndpoints: boolean;
  nudgeMail: () => void;
}) {
  const { database, secrets, probe, check } = deps;
  const view = (row: repo.StorageRow, tenantId: string) =>
    toStorage(row, openCredentials(secrets, row), tenantId);

  /** The operator decides whether storages may leave AWS: the endpoint field is refused otherwise. */
  function assertEndpointAllowed(credentials: StoredCredentials) {
    if ((credentials as { endpoint?: string }).endpoint && !deps.customEndpoints)
      throw invalidField('credentials.endpoint', STORAGE_MESSAGES.endpointNotEnabled);
  }

  /** Tests credentials about to be saved; a failure stops the save unless it was confirmed. */
  async function testBeforeSave(
    type: repo.StorageRow['type'],
    credentials: StoredCredentials,
    acceptFailedTest: boolean | undefined,
  ): Promise<StorageTestResult | null> {
    if (!isCloud(type)) return null;
    assertEndpointAllowed(credentials);
    const result = await probe.test({ type, credentials });
    if (!result.ok && !acceptFailedTest) throw testFailed(result);
    return result;
  }

  async function ownStorage(actor: Actor, id: string) {
    const row = await database.tenant(actor.tenantId, (tx) => repo.findStorage(actor.tenantId, tx, id));
    if (!row) throw notFound(NOT_FOUND.storage);
    return row;
  }

  /** The tenant's own storage, locked for a save or a delete: 403 for a shared one, 404 for none. */
  async function lockOwnStorage(tenantId: string, tx: Tx, id: string) {
    const row = await repo.findStorage(tenantId, tx, id, { lock: true });
    if (row) return row;
    if ((await repo.findStorage(tenantId, tx, id))?.isShared)
      throw forbidden(REFUSALS.storage.sharedReadOnly);
    throw notFound(NOT_FOUND.storage);
  }

  return {
    async list(actor: Actor, query: StorageListQuery) {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        repo.listStorages(actor.tenantId, tx, query),
      );
      return { rows: rows.map((row) => view(row, actor.tenantId)), count };
    },

    async get(actor: Actor, id: string) {
      return view(await ownStorage(actor, id), actor.tenantId);
    },

    /** "Test connection": the dialog's credentials tried now; nothing is stored. */
    async test(actor: Actor, input: StorageTestInput): Promise<StorageTestResult> {
      let stored: { type: repo.StorageRow['type']; credentials: StoredCredentials } = NO_STORED;
      if (input.storageId) {
        const row = await ownStorage(actor, input.storageId);
        if (row.isShared) throw forbidden(REFUSALS.storage.sharedReadOnly);
        stored = { type: row.type, credentials: openCredentials(secrets, row) };
      }
      const credentials = withStoredSecret(stored, input);
      assertEndpointAllowed(credentials);
      return probe.test({ type: input.type, credentials });
    },

    async create(actor: Actor, meta: RequestMeta, input: StorageInput): Promise<StorageCreated> {
      const { tenantId } = actor;
      const credentials = withStoredSecret(NO_STORED, input);
      // A taken name is refused before the cloud is asked anything.
      await database.tenant(tenantId, async (tx) => {
        if (await repo.nameTaken(tenantId, tx, input.name))
          throw conflict(NAME_TAKEN.storage, { name: NAME_TAKEN.storage });
      });
      const tested = await testBeforeSave(input.type, credentials, input.acceptFailedTest);
      const { row, mailed } = await database.tenant(tenantId, async (tx) => {
        if (await repo.nameTaken(tenantId, tx, input.name))
          throw conflict(NAME_TAKEN.storage, { name: NAME_TAKEN.storage });
        const id = randomUUID();
        const storage = await repo.insertStorage(tenantId, tx, {
          id,
          name: input.name,
          type: input.type,
          createdBy: actor.userId,
          credentials: sealCredentials(secrets, { tenantId, id }, credentials),
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'storage',
          targetId: storage.id,
          targetName: storage.name,
          after: audited(storage, credentials),
        });
        const mailed = tested ? await check.record(tx, storage, tested, 'save') : false;
        return { row: storage, mailed };
      });
      if (mailed) deps.nudgeMail();
      return { id: row.id, message: TOASTS.storageCreated };
    },

    /**
     * A change of name needs no test. New credentials (a key rotation, a new bucket) are tested
     * before anything is stored: while they fail, the storage keeps the ones it has.
     */
    async update(actor: Actor, meta: RequestMeta, id: string, input: StorageChange) {
      const { tenantId } = actor;
      const current = await ownStorage(actor, id);
      if (current.isShared) throw forbidden(REFUSALS.storage.sharedReadOnly);
      const stored = openCredentials(secrets, current);
      // A patch changes what it is given: without a type the kind and credentials stay.
      const credentials = input.type
        ? withStoredSecret(
            { type: current.type, credentials: stored },
            { type: input.type, credentials: input.credentials },
          )
        : stored;
      if (input.name !== undefined) {
        await database.tenant(tenantId, async (tx) => {
          if (await repo.nameTaken(tenantId, tx, input.name!, id))
            throw conflict(NAME_TAKEN.storage, { name: NAME_TAKEN.storage });
        });
      }
      const type = input.type ?? current.type;
      const tested = input.type ? await testBeforeSave(type, credentials, input.acceptFailedTest) : null;
      const { saved, mailed } = await database.tenant(tenantId, async (tx) => {
        const before = await lockOwnStorage(tenantId, tx, id);
        if (input.name !== undefined && (await repo.nameTaken(tenantId, tx, input.name, id)))
          throw conflict(NAME_TAKEN.storage, { name: NAME_TAKEN.storage });
        const after = await repo.updateStorage(tenantId, tx, id, {
          name: input.name ?? before.name,
          type,
          credentials: sealCredentials(secrets, { tenantId, id }, credentials),
        });
        // Key fields are redacted by their names in the trail and still show as changed.
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'storage',
          targetId: id,
          targetName: after.name,
          before: audited(before, openCredentials(secrets, before)),
          after: audited(after, credentials),
        });
        const mailed = tested ? await check.record(tx, after, tested, 'save') : false;
        if (!tested && !isCloud(type)) {
          // Now the platform's own disk: what was found of the cloud storage no longer applies.
          await health.updateHealth(tx, id, {
            healthStatus: null,
            healthProblem: null,
            healthProperties: null,
            nextCheckAt: null,
            checkFailures: 0,
          });
        }
        // Read back before the commit, while the row is still locked: a delete right after it
        // cannot make the answer a 500.
        return { saved: (await repo.findStorage(tenantId, tx, id))!, mailed };
      });
      if (mailed) deps.nudgeMail();
      return view(saved, tenantId);
    },

    /** Check now: the stored credentials tested at once, and the finding kept. */
    async checkNow(actor: Actor, id: string): Promise<Storage> {
      const row = await ownStorage(actor, id);
      if (row.isShared) throw forbidden(STORAGE_MESSAGES.sharedHealthOnly);
      await check.run(id, 'manual');
      return view(await ownStorage(actor, id), actor.tenantId);
    },

    async checks(actor: Actor, id: string): Promise<StorageChecks> {
      const row = await ownStorage(actor, id);
      if (row.isShared) throw forbidden(STORAGE_MESSAGES.sharedHealthOnly);
      const rows = await database.tenant(actor.tenantId, (tx) => health.listChecks(tx, id));
      return {
        rows: rows.map((check) => ({
          ...check,
          checkedAt: iso(check.checkedAt),
          problem: check.problem as StorageChecks['rows'][number]['problem'],
        })),
      };
    },

    async unhealthy(actor: Actor): Promise<UnhealthyStorages> {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        health.listUnhealthy(actor.tenantId, tx, BANNER_NAMES),
      );
      return { rows: rows.map((row) => ({ ...row, problem: row.problem?.kind ?? null })), count };
    },

    settings: async (): Promise<StorageSettings> => ({ customEndpoints: deps.customEndpoints }),

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await lockOwnStorage(tenantId, tx, id);
        // The foreign key refuses while a connection keeps its backups here; that is the user's
        // conflict to resolve, not a server failure.
        await repo.deleteStorage(tenantId, tx, id).catch((error: unknown) => {
          throw isStillReferenced(error) ? conflict(REFUSALS.storage.inUse) : error;
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'storage',
          targetId: id,
          targetName: row.name,
          before: audited(row, openCredentials(secrets, row)),
        });
      });
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;

/**
 * Creates a shared storage, offered to every tenant: the platform operators' CLI calls this. It runs
 * without a tenant, checks the same rules as the console's form, and seals the credentials for
 * 'shared'. No audit event: the trail belongs to tenants, and a shared storage has none.
 */
export async function createSharedStorage(
  deps: { database: Database; secrets: SecretBox },
  input: StorageCreate,
): Promise<Storage> {
  const parsed = storageCreateSchema.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw invalidField(issue?.path.join('.') || 'name', issue?.message ?? ERROR_MESSAGES.VALIDATION_ERROR);
  }
  const { name, type, credentials } = parsed.data;
  const row = await deps.database.system(async (tx) => {
    if (await repo.nameTaken(null, tx, name))
      throw conflict(NAME_TAKEN.storage, { name: NAME_TAKEN.storage });
    const id = randomUUID();
    return repo.insertStorage(null, tx, {
      id,
      name,
      type,
      credentials: sealCredentials(deps.secrets, { tenantId: null, id }, credentials),
    });
  });
  return toStorage(row, credentials, null);
}

/**
 * The shared storages with everything their checks found, for the operators' CLI (tenants see only
 * whether each works).
 */
export async function listSharedStorageHealth(database: Database) {
  const rows = await database.system((tx) => health.listShared(tx));
  return rows.map((row) => ({ id: row.id, name: row.name, type: row.type, health: healthView(row, null) }));
}

/** A condition the setup guide reads in its one statement (modules/setup-guide): this module's SQL. */
export const tenantHasStorage = (tenantId: string) => repo.tenantHasStorage(tenantId);
