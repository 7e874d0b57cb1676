import {
  ADMIN_ROLE_DEFINITIONS,
  ADMIN_ROLE_MESSAGES,
  NOT_FOUND,
  TEMPORARY_ACCESS_MINUTES,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { createPoller } from '../../platform/background/poller.js';
import {
  deleteTemporaryAccess,
  findConnectionName,
  findRoleSources,
  type TemporaryKind,
  takeEndedTemporaryAccess,
  upsertTemporaryAccess,
} from './admin-roles.repository.js';
import { assertMayChangeOwner } from './admin-roles.rules.js';
import * as repo from './users.repository.js';

/** How the audit trail names a grant: the role, or the permission and the connection's id. */
const accessName = (kind: {
  role?: string | null;
  permission?: string | null;
  resourceId?: string | null;
}) =>
  kind.role
    ? (ADMIN_ROLE_DEFINITIONS[kind.role as keyof typeof ADMIN_ROLE_DEFINITIONS]?.label ?? kind.role)
    : `${kind.permission} on connection ${kind.resourceId}`;

export interface TemporaryAccessRequest {
  userId: string;
  grant: TemporaryKind;
  /** 15 minutes to 7 days (TEMPORARY_ACCESS_MINUTES), counted from now by the database's clock. */
  durationMinutes: number;
  /** The approved elevation request this grant carries out, named in its audit event. */
  approvalRequestId?: string;
}

/**
 * What no one may grant, checked when a grant is made and when an elevation is asked for: an unknown
 * user or connection (404), or a role the user already holds without an end (409). Answers the user's
 * e-mail and, for a permission on a connection, the connection's name.
 */
export async function assertGrantable(tx: Tx, tenantId: string, userId: string, grant: TemporaryKind) {
  const user = await repo.findUser(tenantId, tx, userId);
  if (!user) throw notFound(NOT_FOUND.user);
  if ('role' in grant) {
    const { own, byGroup } = await findRoleSources(tenantId, tx, userId);
    if ([...own, ...byGroup].some((held) => held.role === grant.role))
      throw conflict(ADMIN_ROLE_MESSAGES.alreadyHeld(ADMIN_ROLE_DEFINITIONS[grant.role].label));
    return { email: user.email, connectionName: null };
  }
  const connectionName = await findConnectionName(tenantId, tx, grant.connectionId);
  if (connectionName === null) throw notFound(NOT_FOUND.connection);
  return { email: user.email, connectionName };
}

/**
 * Grants a user a role, or a permission on one connection, for a time, in the caller's transaction,
 * and audits it as `actor`'s change (`grant-temporary-access`). Granted again, the same grant ends at
 * the new time. Who may grant is the caller's to decide (the roles endpoint: admin-roles:write, and an
 * Owner for Owner; an approved elevation request: its approver's); this refuses only what no one may:
 * an unknown user or connection (404), a duration out of bounds (400), or a role the user already
 * holds without an end (409). Answers the grant's id and end.
 */
export async function grantTemporaryAccess(
  tx: Tx,
  actor: Pick<Actor, 'tenantId' | 'userId'>,
  meta: RequestMeta | null,
  request: TemporaryAccessRequest,
) {
  const { tenantId } = actor;
  const { userId, grant, durationMinutes } = request;
  if (
    !Number.isInteger(durationMinutes) ||
    durationMinutes < TEMPORARY_ACCESS_MINUTES.min ||
    durationMinutes > TEMPORARY_ACCESS_MINUTES.max
  )
    throw invalidField('durationMinutes', ADMIN_ROLE_MESSAGES.durationRange);
  const user = await assertGrantable(tx, tenantId, userId, grant);
  const granted = await upsertTemporaryAccess(tenantId, tx, userId, grant, durationMinutes);
  const name = accessName('role' in grant ? grant : { ...grant, resourceId: grant.connectionId });
  await recordAudit(tx, meta, {
    tenantId,
    actorId: actor.userId,
    action: 'grant-temporary-access',
    targetType: 'user',
    targetId: userId,
    targetName: user.email,
    before: { access: granted.before ? name : '', until: granted.before ? iso(granted.before) : '' },
    after: {
      access: name,
      until: iso(granted.expiresAt),
      ...(request.approvalRequestId ? { requestId: request.approvalRequestId } : {}),
    },
  });
  return { id: granted.id, expiresAt: granted.expiresAt };
}

/**
 * The roles endpoint's grant, and an approved elevation request's (as its approver's decision):
 * admin-roles:write (the route, or the approval's decision, checked it), and an Owner for Owner.
 */
export async function grantDirectly(
  tx: Tx,
  actor: Actor,
  meta: RequestMeta,
  request: TemporaryAccessRequest,
) {
  if ('role' in request.grant && request.grant.role === 'Owner') assertMayChangeOwner(actor);
  return grantTemporaryAccess(tx, actor, meta, request);
}

/** Ends a grant before its time (admin-roles:write; an Owner for Owner); audited. */
export async function endTemporaryAccess(
  tx: Tx,
  actor: Actor,
  meta: RequestMeta,
  userId: string,
  grantId: string,
) {
  const { tenantId } = actor;
  const user = await repo.findUser(tenantId, tx, userId);
  if (!user) throw notFound(NOT_FOUND.user);
  const ended = await deleteTemporaryAccess(tenantId, tx, userId, grantId);
  if (!ended) throw notFound(NOT_FOUND.user);
  if (ended.role === 'Owner') assertMayChangeOwner(actor);
  await recordAudit(tx, meta, {
    tenantId,
    actorId: actor.userId,
    action: 'end-temporary-access',
    targetType: 'user',
    targetId: userId,
    targetName: user.email,
    before: { access: accessName(ended), until: iso(ended.expiresAt) },
    after: { access: '', until: '' },
  });
}

/** Ended grants removed a pass: more are taken by the next pass at once. */
const BATCH = 100;

/**
 * Removes the grants that have ended and audits each ending once (actor: the system,
 * `admin-role-expired`), in one transaction a batch. The grants gave nothing from their end already
 * (every read filters on it); removing them keeps users.is_admin right for the previous release and
 * tells every process to forget the sessions it keeps (migration 0040's triggers). Rows another
 * process is removing are skipped, so that each ending is audited by one process only.
 */
export async function expireTemporaryAccess(database: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await database.system(async (tx) => {
      const rows = await takeEndedTemporaryAccess(tx, BATCH);
      for (const row of rows) {
        const user = await repo.findUser(row.tenantId, tx, row.userId);
        await recordAudit(tx, null, {
          tenantId: row.tenantId,
          actorId: null,
          action: 'admin-role-expired',
          targetType: 'user',
          targetId: row.userId,
          targetName: user?.email ?? null,
          before: { access: accessName(row), until: iso(row.expiresAt) },
          after: { access: '', until: '' },
        });
      }
      return rows.length;
    });
    total += ended;
    if (ended < BATCH) return total;
  }
}

/** The expiry's loop: every `pollMs` in each process; 0: this process never runs it. */
export function createTemporaryAccessExpiry(deps: {
  database: Database;
  pollMs: number;
  log: FastifyBaseLogger;
}) {
  return createPoller({
    pollMs: deps.pollMs,
    pass: () => expireTemporaryAccess(deps.database),
    log: deps.log,
    failure: 'ending time-bound access failed',
  });
}
