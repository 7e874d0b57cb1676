import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  NAME_TAKEN,
  NOT_FOUND,
  REFUSALS,
  type Storage,
  type StorageCreate,
  type StorageCreated,
  storageCreateSchema,
  type storageListQuerySchema,
  type storagePatchSchema,
  TOASTS,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { healthView } from './health/health-view.js';
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

/**
 * Backup storages of a tenant, plus the shared ones the platform offers to all: those are listed and
 * readable, never changed here. Another tenant's storage answers 404 like an unknown one.
 */
export function createStorageService(deps: { database: Database; secrets: SecretBox }) {
  const { database, secrets } = deps;
  const view = (row: repo.StorageRow, tenantId: string) =>
    toStorage(row, openCredentials(secrets, row), tenantId);

  return {
    async list(actor: Actor, query: StorageListQuery) {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        repo.listStorages(actor.tenantId, tx, query),
      );
      return { rows: rows.map((row) => view(row, actor.tenantId)), count };
    },

    async get(actor: Actor, id: string) {
      const row = await database.tenant(actor.tenantId, (tx) => repo.findStorage(actor.tenantId, tx, id));
      if (!row) throw notFound(NOT_FOUND.storage);
      return view(row, actor.tenantId);
    },

    async create(actor: Actor, meta: RequestMeta, input: StorageInput): Promise<StorageCreated> {
      const { tenantId } = actor;
      const row = await database.tenant(tenantId, async (tx) => {
        if (await repo.nameTaken(tenantId, tx, input.name))
          throw conflict(NAME_TAKEN.storage, { name: NAME_TAKEN.storage });
        const id = randomUUID();
        const storage = await repo.insertStorage(tenantId, tx, {
          id,
          name: input.name,
          type: input.type,
          credentials: sealCredentials(secrets, { tenantId, id }, input.credentials),
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'storage',
          targetId: storage.id,
          targetName: storage.name,
          after: audited(storage, input.credentials),
        });
        return storage;
      });
      return { id: row.id, message: TOASTS.storageCreated };
    },

    async update(actor: Actor, meta: RequestMeta, id: string, input: StorageChange) {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        const before = await repo.findStorage(tenantId, tx, id);
        if (!before) throw notFound(NOT_FOUND.storage);
        if (before.isShared) throw forbidden(REFUSALS.storage.sharedReadOnly);
        if (input.name !== undefined && (await repo.nameTaken(tenantId, tx, input.name, id)))
          throw conflict(NAME_TAKEN.storage, { name: NAME_TAKEN.storage });
        const stored = openCredentials(secrets, before);
        // A patch changes what it is given: without a type the kind and credentials stay.
        const credentials = input.type
          ? withStoredSecret(
              { type: before.type, credentials: stored },
              { type: input.type, credentials: input.credentials },
            )
          : stored;
        const after = await repo.updateStorage(tenantId, tx, id, {
          name: input.name ?? before.name,
          type: input.type ?? before.type,
          credentials: sealCredentials(secrets, { tenantId, id }, credentials),
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'storage',
          targetId: id,
          targetName: after.name,
          before: audited(before, stored),
          after: audited(after, credentials),
        });
        return toStorage(after, credentials, tenantId);
      });
    },

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await repo.findStorage(tenantId, tx, id);
        if (!row) throw notFound(NOT_FOUND.storage);
        if (row.isShared) throw forbidden(REFUSALS.storage.sharedReadOnly);
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

/** A condition the setup guide reads in its one statement (modules/setup-guide): this module's SQL. */
export const tenantHasStorage = (tenantId: string) => repo.tenantHasStorage(tenantId);
