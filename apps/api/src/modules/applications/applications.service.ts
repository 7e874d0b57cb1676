import { randomUUID } from 'node:crypto';
import {
  type Application,
  type ApplicationListItem,
  type applicationCreateSchema,
  type applicationListQuerySchema,
  type applicationPatchSchema,
  DAY_MS,
  MINUTE_MS,
  NAME_TAKEN,
  NOT_FOUND,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import type { ApplicationDataValue } from '../../db/schema/index.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { iso, violatesUnique } from '../../lib/sql.js';
import { type AuditAction, recordAudit } from '../../platform/audit/audit.service.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { revokeClientData } from '../oauth/index.js';
import * as repo from './applications.repository.js';
import { newClientId, newClientSecret } from './client-credentials.js';

type ApplicationInput = z.output<typeof applicationCreateSchema>;
type ApplicationChange = z.output<typeof applicationPatchSchema>;
type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;

export const APPLICATION_NOT_FOUND = NOT_FOUND.application;
export const APPLICATION_NAME_TAKEN = NAME_TAKEN.application;

/**
 * What a new app may do until an administrator edits it: the authorization code flow only, no refresh
 * tokens, access tokens for an hour and (once refresh is allowed) refresh tokens for 30 days. It has no
 * callback URL: no address is a safe guess for someone else's app, so it signs nobody in until one is
 * saved (the edit form requires at least one).
 */
export const DEFAULT_APPLICATION_DATA: ApplicationDataValue = {
  oauth: {
    allowedFlows: ['authorization_code'],
    allowedScopes: [],
    authorizedCallbackURLs: [],
    authorizedSignOutURLs: [],
  },
  authorizationPolicy: { accessTokenLifetime: 60 * MINUTE_MS, refreshTokenLifetime: 30 * DAY_MS },
};

/** A race that the name check lost still reads as the name being taken, at the field. */
const isNameIndexViolation = (error: unknown) => violatesUnique(error, 'applications_tenant_name_key');
const nameTakenError = () => conflict(APPLICATION_NAME_TAKEN, { name: APPLICATION_NAME_TAKEN });
const orNameTaken = (error: unknown) => {
  throw isNameIndexViolation(error) ? nameTakenError() : error;
};

/**
 * What the audit trail keeps: never the secret. The data is flattened so that diffs read plainly, and
 * the lifetimes are renamed because the trail redacts every field whose name says "token".
 */
/** Whether a change takes away something grants may rely on: multi-tenant mode, a flow, a scope or a URL. */
function narrowsAccess(before: repo.ApplicationRow, after: repo.ApplicationRow): boolean {
  const dropped = (from: string[], to: string[]) => from.some((value) => !to.includes(value));
  const [was, now] = [before.data.oauth, after.data.oauth];
  return (
    (before.shared && !after.shared) ||
    dropped(was.allowedFlows, now.allowedFlows) ||
    dropped(was.allowedScopes, now.allowedScopes) ||
    dropped(was.authorizedCallbackURLs, now.authorizedCallbackURLs)
  );
}

const audited = (row: Pick<repo.ApplicationRow, 'name' | 'active' | 'shared' | 'data'>) => ({
  name: row.name,
  active: row.active,
  shared: row.shared,
  ...row.data.oauth,
  accessLifetimeMs: row.data.authorizationPolicy.accessTokenLifetime,
  refreshLifetimeMs: row.data.authorizationPolicy.refreshTokenLifetime,
});

/**
 * Connected apps: the tenant's OAuth clients of the platform's authorization server. The secret is
 * sealed for the tenant in the row and answered in full (the console masks it, SPEC.md §2). Disable,
 * regenerate and delete revoke everything the authorization server holds for the app in the same
 * transaction, so no token issued before the change outlives its commit.
 */
export function createApplicationService(deps: { database: Database; secrets: SecretBox }) {
  const { database, secrets } = deps;

  const listItem = (row: repo.ApplicationListRow): ApplicationListItem => ({
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    clientSecret: secrets.open(sealedAt.applicationClientSecret(row.tenantId, row.id), row.clientSecret),
    active: row.active,
    shared: row.shared,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  });
  // The stored data is the contract's ApplicationData (the schema checked it on the way in).
  const toApplication = (row: repo.ApplicationRow): Application => ({
    ...listItem(row),
    data: row.data as Application['data'],
  });

  /** The app, or 404; `lock` before a save or a delete (see findApplication). */
  async function existing(tenantId: string, tx: Tx, id: string, options: { lock?: boolean } = {}) {
    const row = await repo.findApplication(tenantId, tx, id, options);
    if (!row) throw notFound(APPLICATION_NOT_FOUND);
    return row;
  }

  async function checkName(tenantId: string, tx: Tx, name: string, exceptId?: string) {
    if (await repo.nameTaken(tenantId, tx, name, exceptId)) throw nameTakenError();
  }

  /** One audited change of an app in the caller's transaction. */
  const audit = (
    tx: Tx,
    actor: Actor,
    meta: RequestMeta,
    action: AuditAction,
    app: { id: string; name: string },
    change: { before?: Record<string, unknown>; after?: Record<string, unknown> },
  ) =>
    recordAudit(tx, meta, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action,
      targetType: 'application',
      targetId: app.id,
      targetName: app.name,
      ...change,
    });

  /** Enable and disable: asking for the state the app is already in answers it unchanged. */
  async function setActive(actor: Actor, meta: RequestMeta, id: string, active: boolean) {
    const { tenantId } = actor;
    return database.tenant(tenantId, async (tx) => {
      const before = await existing(tenantId, tx, id, { lock: true });
      if (before.active === active) return toApplication(before);
      // A disabled app keeps no sessions, grants or tokens: enabling it again starts from nothing.
      const revoked = active ? undefined : await revokeClientData(tx, before.clientId);
      const after = await repo.updateApplication(tenantId, tx, id, { active });
      await audit(tx, actor, meta, active ? 'enable' : 'disable', after, {
        before: audited(before),
        after: { ...audited(after), revokedRecords: revoked },
      });
      return toApplication(after);
    });
  }

  return {
    async list(actor: Actor, query: ApplicationListQuery) {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        repo.listApplications(actor.tenantId, tx, query),
      );
      return { applications: rows.map(listItem), total: count };
    },

    get: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) => toApplication(await existing(actor.tenantId, tx, id))),

    async create(actor: Actor, meta: RequestMeta, input: ApplicationInput) {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        await checkName(tenantId, tx, input.name);
        const id = randomUUID();
        const row = await repo
          .insertApplication(tenantId, tx, {
            id,
            name: input.name,
            clientId: newClientId(),
            clientSecret: secrets.seal(sealedAt.applicationClientSecret(tenantId, id), newClientSecret()),
            active: true,
            shared: false,
            data: DEFAULT_APPLICATION_DATA,
          })
          .catch(orNameTaken);
        await audit(tx, actor, meta, 'create', row, {
          after: { ...audited(row), clientId: row.clientId },
        });
        return toApplication(row);
      });
    },

    async update(actor: Actor, meta: RequestMeta, id: string, input: ApplicationChange) {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        const before = await existing(tenantId, tx, id, { lock: true });
        if (input.name === undefined && input.shared === undefined && input.data === undefined) {
          return toApplication(before);
        }
        if (input.name !== undefined) await checkName(tenantId, tx, input.name, id);
        const after = await repo
          .updateApplication(tenantId, tx, id, {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.shared !== undefined ? { shared: input.shared } : {}),
            ...(input.data !== undefined ? { data: input.data } : {}),
          })
          .catch(orNameTaken);
        // Grants made under wider settings (another tenant's users, a flow or scope now removed) end here.
        const revoked = narrowsAccess(before, after) ? await revokeClientData(tx, before.clientId) : 0;
        await audit(tx, actor, meta, 'update', after, {
          before: audited(before),
          after: { ...audited(after), ...(revoked ? { revokedRecords: revoked } : {}) },
        });
        return toApplication(after);
      });
    },

    enable: (actor: Actor, meta: RequestMeta, id: string) => setActive(actor, meta, id, true),
    disable: (actor: Actor, meta: RequestMeta, id: string) => setActive(actor, meta, id, false),

    /** A new secret replaces the old one, which stops working with every grant made under it. */
    async regenerate(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      return database.tenant(tenantId, async (tx) => {
        const before = await existing(tenantId, tx, id, { lock: true });
        const revoked = await revokeClientData(tx, before.clientId);
        const after = await repo.updateApplication(tenantId, tx, id, {
          clientSecret: secrets.seal(sealedAt.applicationClientSecret(tenantId, id), newClientSecret()),
        });
        // Only sealed values go in, and the trail redacts them: it shows that the secret changed.
        await audit(tx, actor, meta, 'regenerate', after, {
          before: { clientSecret: before.clientSecret },
          after: { clientSecret: after.clientSecret, revokedRecords: revoked },
        });
        return toApplication(after);
      });
    },

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await existing(tenantId, tx, id, { lock: true });
        // Before the row goes: the revocation only acts on an app of this tenant that still exists.
        const revoked = await revokeClientData(tx, row.clientId);
        await repo.deleteApplication(tenantId, tx, id);
        await audit(tx, actor, meta, 'delete', row, {
          before: { ...audited(row), clientId: row.clientId },
          after: { revokedRecords: revoked },
        });
      });
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
