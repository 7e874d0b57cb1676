import {
  ADMIN_ROLE_DEFINITIONS,
  ADMIN_ROLES,
  APPROVAL_ACTION_DEFINITIONS,
  APPROVAL_ACTIONS,
  APPROVAL_MESSAGES,
  type ApprovalAction,
  type ApprovalList,
  type ApprovalPolicy,
  type ApprovalRequest,
  type AuditActionName,
  type Brand,
  DEFAULT_APPROVAL_VALIDITY_HOURS,
  NOT_FOUND,
  POLICY_APPROVAL_ACTIONS,
  permissionsOf,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import type { ApprovableChange, ApprovalActionEntry } from './approval-actions.js';
import { createApprovalMail } from './approvals.mail.js';
import * as repo from './approvals.repository.js';

/** How long an approved request may take to be carried out before it counts as interrupted. */
const INTERRUPTED_AFTER_MINUTES = 15;

const toPolicy = (row: repo.PolicyRow | null): ApprovalPolicy => ({
  actions: row ? POLICY_APPROVAL_ACTIONS.filter((action) => row.actions.includes(action)) : [],
  validityHours: row?.validityHours ?? DEFAULT_APPROVAL_VALIDITY_HOURS,
});

/** The actions whose permission the caller's roles give: those they may decide (not their own requests). */
const decidableBy = (actor: Actor): ApprovalAction[] =>
  actor.token
    ? []
    : APPROVAL_ACTIONS.filter((a) => actor.permissions.includes(APPROVAL_ACTION_DEFINITIONS[a].permission));

const person = (id: string | null, email: string | null, first: string | null, last: string | null) =>
  id === null ? null : { id, email, name: `${first ?? ''} ${last ?? ''}`.trim() || null };

/** `refused`: a rule of the kind's own keeps the caller from deciding it (an Owner elevation, a non-Owner). */
function toRequest(view: repo.RequestView, actor: Actor, refused: boolean): ApprovalRequest {
  const r = view.request;
  const pending = r.status === 'pending';
  const mine = r.requestedBy === actor.userId;
  return {
    id: r.id,
    action: r.action,
    status: r.status,
    targetType: r.targetType,
    targetId: r.targetId,
    targetName: r.targetName,
    details: r.payload,
    reason: r.reason,
    requestedBy: person(r.requestedBy, view.requesterEmail, view.requesterFirstName, view.requesterLastName)!,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    decidedBy: person(r.decidedBy, view.deciderEmail, view.deciderFirstName, view.deciderLastName),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    comment: r.comment,
    executedAt: r.executedAt?.toISOString() ?? null,
    failureReason: r.failureReason,
    canDecide: pending && !mine && !refused && decidableBy(actor).includes(r.action),
    canCancel: pending && mine && !actor.token,
  };
}

/** The roles that give an action's permission: their holders may approve it. */
const rolesFor = (action: ApprovalAction) =>
  ADMIN_ROLES.filter((role) =>
    ADMIN_ROLE_DEFINITIONS[role].permissions.includes(APPROVAL_ACTION_DEFINITIONS[action].permission),
  );

/**
 * Approvals (docs/administration.md "Approvals (four-eyes)"). A guarded call becomes a request
 * (approval-gate.ts); another administrator decides it here. Every status change is one conditional
 * UPDATE (repository `transition`), so an approval is carried out once whatever runs at the same time;
 * every step is audited on the item the request changes, so the item's History shows the chain.
 */
export function createApprovalService(deps: {
  database: Database;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  log: FastifyBaseLogger;
  actions: ApprovalActionEntry[];
}) {
  const { database, outbox, log } = deps;
  const entries = new Map(deps.actions.map((entry) => [entry.kind, entry]));
  const mail = createApprovalMail(deps);

  /** One step of a request, on the item it changes (its History), with the request in `after`. */
  const audit = (
    tx: Tx,
    meta: RequestMeta | null,
    row: repo.RequestRow,
    action: AuditActionName,
    actorId: string | null,
    extra: Record<string, unknown> = {},
  ) =>
    recordAudit(tx, meta, {
      tenantId: row.tenantId,
      actorId,
      action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetName: row.targetName,
      after: { requestId: row.id, action: row.action, status: row.status, ...extra },
    });

  /**
   * Requests past their validity end as expired, and approved ones whose execution was interrupted end
   * failed, each audited, before anything reads or decides them.
   */
  async function expireDue(tx: Tx, tenantId: string) {
    for (const row of await repo.expireDue(tenantId, tx)) {
      await audit(tx, null, row, 'approval-expired', null);
    }
    const interrupted = APPROVAL_MESSAGES.interrupted;
    for (const row of await repo.failInterrupted(tenantId, tx, interrupted, INTERRUPTED_AFTER_MINUTES)) {
      await audit(tx, null, row, 'approval-failed', null, { reason: interrupted });
    }
  }

  async function view(tx: Tx, actor: Actor, id: string) {
    const found = await repo.findRequest(actor.tenantId, tx, id);
    if (!found) throw notFound(NOT_FOUND.approvalRequest);
    return found;
  }

  /** Why the kind's own rule keeps `actor` from deciding this request, or null. */
  const refusalOf = (actor: Actor, row: repo.RequestRow) =>
    entries.get(row.action)?.refuseDecider?.(actor, row.payload) ?? null;

  const answer = (view: repo.RequestView, actor: Actor) =>
    toRequest(view, actor, refusalOf(actor, view.request) !== null);

  /**
   * Who carries the change out, with the refusal when no one may. Most kinds: the requester as they
   * are now, the change made with today's roles or not at all. A kind carried out by its approver (an
   * elevation the requester asked for themselves): the approver, the requester having only to be still
   * an active administrator of the tenant (not disabled, some administrator role from any source).
   */
  async function carrierOf(
    tx: Tx,
    row: repo.RequestRow,
    entry: ApprovalActionEntry,
    approver: Actor,
  ): Promise<Actor | string> {
    const standing = await repo.findStanding(row.tenantId, tx, row.requestedBy);
    if (entry.carriedOutBy === 'approver') {
      const active = standing && standing.status !== 'Disabled' && standing.roles.length > 0;
      return active ? approver : APPROVAL_MESSAGES.requesterNotAdministrator;
    }
    const lost = APPROVAL_MESSAGES.requesterLostPermission;
    if (!standing || standing.status === 'Disabled' || !standing.isAdmin) return lost;
    const permissions = permissionsOf(standing.roles);
    if (!permissions.includes(APPROVAL_ACTION_DEFINITIONS[row.action].permission)) return lost;
    return {
      tenantId: row.tenantId,
      userId: row.requestedBy,
      isAdmin: true,
      adminRoles: standing.roles,
      permissions,
      sessionId: row.id,
      services: standing.services,
      mfaEnrolment: false,
    };
  }

  /** Ends an approved request: executed, or failed with the reason; the requester is told either way. */
  async function settle(tenantId: string, id: string, outcome: { failure?: string }) {
    await database.tenant(tenantId, async (tx) => {
      const row = outcome.failure
        ? await repo.transition(tenantId, tx, id, 'approved', 'failed', { failureReason: outcome.failure })
        : await repo.transition(tenantId, tx, id, 'approved', 'executed', { executed: true });
      if (!row) return;
      if (outcome.failure) await audit(tx, null, row, 'approval-failed', null, { reason: outcome.failure });
      else await audit(tx, null, row, 'approval-executed', null);
      await mail.toRequester(tx, row);
    });
    outbox.nudge();
  }

  /**
   * Carries an approved request out, as its requester (from the address they asked from) or, for a kind
   * carried out by its approver, as the approver's decision; the service makes (and audits) the change.
   */
  async function execute(row: repo.RequestRow, approver: Actor, approverMeta: RequestMeta) {
    const entry = entries.get(row.action);
    if (!entry) return settle(row.tenantId, row.id, { failure: APPROVAL_MESSAGES.requesterLostPermission });
    const actor = await database.tenant(row.tenantId, (tx) => carrierOf(tx, row, entry, approver));
    if (typeof actor === 'string') return settle(row.tenantId, row.id, { failure: actor });
    const meta = entry.carriedOutBy === 'approver' ? approverMeta : { ...row.requestedFrom };
    try {
      await entry.execute(actor, meta, row.payload, { id: row.id, requestedBy: row.requestedBy });
    } catch (error) {
      if (!(error instanceof AppError))
        log.error({ err: error, requestId: row.id }, 'approved change failed');
      const failure =
        error instanceof AppError
          ? error.code === 'NOT_FOUND'
            ? APPROVAL_MESSAGES.targetGone
            : error.message
          : 'The change could not be carried out.';
      return settle(row.tenantId, row.id, { failure });
    }
    return settle(row.tenantId, row.id, {});
  }

  /** A decision's common part: the request must be someone else's, pending, and the caller's to decide. */
  async function decide(
    actor: Actor,
    meta: RequestMeta,
    id: string,
    to: 'approved' | 'denied',
    comment: string | undefined,
  ) {
    const row = await database.tenant(actor.tenantId, async (tx) => {
      await expireDue(tx, actor.tenantId);
      const { request } = await view(tx, actor, id);
      if (request.requestedBy === actor.userId) throw forbidden(APPROVAL_MESSAGES.ownRequest);
      const permission = APPROVAL_ACTION_DEFINITIONS[request.action].permission;
      if (!actor.permissions.includes(permission))
        throw forbidden(APPROVAL_MESSAGES.missingPermission(permission));
      const refusal = refusalOf(actor, request);
      if (refusal) throw forbidden(refusal);
      if (request.status === 'expired') throw new AppError('CONFLICT', APPROVAL_MESSAGES.expired);
      const moved = await repo.transition(actor.tenantId, tx, id, 'pending', to, {
        decidedBy: actor.userId,
        comment: comment ?? null,
        decided: true,
      });
      if (!moved) throw new AppError('CONFLICT', APPROVAL_MESSAGES.notPending);
      await audit(
        tx,
        meta,
        moved,
        to === 'approved' ? 'approval-approved' : 'approval-denied',
        actor.userId,
        {
          comment: comment ?? null,
        },
      );
      if (to === 'denied') await mail.toRequester(tx, moved);
      return moved;
    });
    if (to === 'approved') await execute(row, actor, meta);
    else outbox.nudge();
    return database.tenant(actor.tenantId, async (tx) => answer(await view(tx, actor, id), actor));
  }

  /** A guarded call (or a kind asked for itself) with a reason: nothing changes yet; approvers are e-mailed. */
  async function createRequest(
    actor: Actor,
    meta: RequestMeta,
    kind: ApprovalAction,
    change: ApprovableChange,
    reason: string,
  ): Promise<ApprovalRequest> {
    const result = await database.tenant(actor.tenantId, async (tx) => {
      const policy = toPolicy(await repo.findPolicy(actor.tenantId, tx));
      const row = await repo.insertRequest(actor.tenantId, tx, {
        action: kind,
        targetType: APPROVAL_ACTION_DEFINITIONS[kind].targetType,
        targetId: change.targetId,
        targetName: change.targetName,
        payload: change.payload,
        reason,
        requestedBy: actor.userId,
        requestedFrom: { ip: meta.ip, userAgent: meta.userAgent, requestId: meta.requestId },
        validityHours: policy.validityHours,
      });
      await audit(tx, meta, row, 'approval-requested', actor.userId, {
        reason,
        expiresAt: row.expiresAt.toISOString(),
      });
      await mail.toApprovers(tx, row, rolesFor(kind));
      return answer(await view(tx, actor, row.id), actor);
    });
    outbox.nudge();
    return result;
  }

  return {
    /** The kinds the registry carries out, each with the calls it guards (approval-gate.ts). */
    entries: deps.actions,

    /** Whether the tenant's policy covers this kind of change. */
    requires: (tenantId: string, kind: ApprovalAction) =>
      database.tenant(tenantId, async (tx) =>
        toPolicy(await repo.findPolicy(tenantId, tx)).actions.includes(kind),
      ),

    getPolicy: (actor: Actor) =>
      database.tenant(actor.tenantId, async (tx) => toPolicy(await repo.findPolicy(actor.tenantId, tx))),

    updatePolicy: (actor: Actor, meta: RequestMeta, input: ApprovalPolicy) =>
      database.tenant(actor.tenantId, async (tx) => {
        const before = toPolicy(await repo.findPolicy(actor.tenantId, tx));
        const after = toPolicy(await repo.savePolicy(actor.tenantId, tx, input));
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'update-approval-policy',
          targetType: 'approval-policy',
          targetId: actor.tenantId,
          before,
          after,
        });
        return after;
      }),

    request: createRequest,

    /**
     * A kind asked for through its own endpoint (an elevation): its entry checks the body and makes
     * the request; always a request, whatever the tenant's policy.
     */
    async ask(
      actor: Actor,
      meta: RequestMeta,
      kind: ApprovalAction,
      body: Record<string, unknown> & { reason: string },
    ): Promise<ApprovalRequest> {
      const entry = entries.get(kind);
      if (!entry?.ask) throw notFound();
      const { reason, ...rest } = body;
      return createRequest(actor, meta, kind, await entry.ask(actor, rest), reason);
    },

    list: (actor: Actor, q: { status: 'pending' | 'decided' | 'mine'; limit: number; offset: number }) =>
      database.tenant(actor.tenantId, async (tx): Promise<ApprovalList> => {
        await expireDue(tx, actor.tenantId);
        const { rows, count } = await repo.listRequests(actor.tenantId, tx, {
          filter: q.status,
          userId: actor.userId,
          decidable: decidableBy(actor),
          limit: q.limit,
          offset: q.offset,
        });
        return { requests: rows.map((row) => answer(row, actor)), total: count };
      }),

    get: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        await expireDue(tx, actor.tenantId);
        return answer(await view(tx, actor, id), actor);
      }),

    count: (actor: Actor) =>
      database.tenant(actor.tenantId, async (tx) => {
        await expireDue(tx, actor.tenantId);
        return {
          pendingForMe: await repo.countPendingFor(actor.tenantId, tx, actor.userId, decidableBy(actor)),
        };
      }),

    approve: (actor: Actor, meta: RequestMeta, id: string, comment?: string) =>
      decide(actor, meta, id, 'approved', comment),

    deny: (actor: Actor, meta: RequestMeta, id: string, comment: string) =>
      decide(actor, meta, id, 'denied', comment),

    cancel: (actor: Actor, meta: RequestMeta, id: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        await expireDue(tx, actor.tenantId);
        const { request } = await view(tx, actor, id);
        if (request.requestedBy !== actor.userId) throw forbidden(APPROVAL_MESSAGES.onlyRequesterCancels);
        const moved = await repo.transition(actor.tenantId, tx, id, 'pending', 'cancelled');
        if (!moved) throw new AppError('CONFLICT', APPROVAL_MESSAGES.notPending);
        await audit(tx, meta, moved, 'approval-cancelled', actor.userId);
        return answer(await view(tx, actor, id), actor);
      }),
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
