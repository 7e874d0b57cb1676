import {
  type AdminRole,
  APPROVAL_MESSAGES,
  type ApprovalAction,
  type AuthPolicy,
  adminRoleEndpoints,
  authPolicyEndpoints,
  connectionEndpoints,
  type DomainSignInUpdate,
  type ElevationDetails,
  type ElevationRequest,
  type EndpointDef,
  identityProviderEndpoints,
  ipRangeEndpoints,
  MFA_POLICIES,
  type MfaPolicy,
  type Permission,
  ssoEnforcementEndpoints,
  storageEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';

/** A guarded call as the gate sees it: its validated path parameters and body. */
export interface GuardedCall {
  params: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** What a request keeps of a guarded call: the item it changes and what to carry out. */
export interface ApprovableChange {
  targetId: string | null;
  targetName: string | null;
  /** The call itself, replayed when approved; shown to approvers as the request's details. */
  payload: Record<string, unknown>;
}

/**
 * One approvable action on the API side. Its label, permission and target type are the contract's
 * (APPROVAL_ACTION_DEFINITIONS); here are the calls it guards and how it is carried out. Each module's
 * service owns its transaction and audit event, so `execute` calls the service as the requester
 * rather than taking a transaction: the change commits on its own, and the request's status then
 * follows it (approvals.service.ts).
 */
export interface ApprovalActionEntry {
  kind: ApprovalAction;
  guards: Array<{
    endpoint: EndpointDef;
    /**
     * The change this call would make, or null when this call is not the guarded kind of change (an
     * MFA policy made stricter, an Owner role kept). Reads the target as the caller: 404 if it is not
     * theirs or gone, before anything is asked.
     */
    inspect: (actor: Actor, call: GuardedCall) => Promise<ApprovableChange | null>;
  }>;
  /**
   * Carries the change out as the requester (the direct call's service, with their roles of now), or,
   * for a kind `carriedOutBy: 'approver'`, as the approver's decision (`actor` and `meta` are then the
   * approver's); `request` names the request and who asked.
   */
  execute: (
    actor: Actor,
    meta: RequestMeta,
    payload: Record<string, unknown>,
    request: { id: string; requestedBy: string },
  ) => Promise<unknown>;
  /**
   * Who carries an approved request out. `requester` (the default): the requester, who must still hold
   * the kind's permission. `approver`: a change the requester asked for themselves (an elevation), made
   * as the approver's decision; the requester must only still be an active administrator.
   */
  carriedOutBy?: 'requester' | 'approver';
  /** A kind asked for through its own endpoint (not a guarded call): the request it makes from the body. */
  ask?: (actor: Actor, body: Record<string, unknown>) => Promise<ApprovableChange>;
  /** A rule of the kind's own for its approver, beyond its permission: the refusal, or null. */
  refuseDecider?: (actor: Actor, payload: Record<string, unknown>) => string | null;
}

type Named = { name: string };

/** The services the registry calls: their own methods, as the direct endpoints call them. */
export interface ApprovalTargets {
  connections: { remove(actor: Actor, meta: RequestMeta, id: string): Promise<unknown> };
  connectionHealth: { get(actor: Actor, id: string): Promise<Named> };
  storages: {
    get(actor: Actor, id: string): Promise<Named>;
    remove(actor: Actor, meta: RequestMeta, id: string): Promise<unknown>;
  };
  authPolicy: {
    get(actor: Actor): Promise<AuthPolicy>;
    update(actor: Actor, meta: RequestMeta, patch: never): Promise<unknown>;
  };
  identityProviders: {
    get(actor: Actor, id: string): Promise<Named>;
    remove(actor: Actor, meta: RequestMeta, id: string): Promise<unknown>;
  };
  domainSignIn: {
    listDomains(
      actor: Actor,
    ): Promise<{ domains: Array<{ id: string; domain: string; enforceSso: boolean }> }>;
    updateDomain(
      actor: Actor,
      meta: RequestMeta,
      domainId: string,
      input: DomainSignInUpdate,
    ): Promise<unknown>;
  };
  ipRanges: {
    get(actor: Actor, id: string): Promise<Named>;
    create(actor: Actor, meta: RequestMeta, input: never): Promise<unknown>;
    update(actor: Actor, meta: RequestMeta, id: string, input: never): Promise<unknown>;
    remove(actor: Actor, meta: RequestMeta, id: string): Promise<unknown>;
  };
  adminRoles: {
    ofUser(actor: Actor, id: string): Promise<{ adminRoles: AdminRole[] }>;
    set(actor: Actor, meta: RequestMeta, id: string, roles: readonly AdminRole[]): Promise<unknown>;
    checkGrantable(
      actor: Actor,
      userId: string,
      grant: ElevationGrant,
    ): Promise<{ email: string; connectionName: string | null }>;
    grantApproved(
      approver: Actor,
      meta: RequestMeta,
      request: {
        userId: string;
        grant: ElevationGrant;
        durationMinutes: number;
        approvalRequestId: string;
      },
    ): Promise<unknown>;
  };
  users: { find(actor: Actor, id: string): Promise<{ email: string; isAdmin: boolean }> };
}

/** What an elevation grants: a role, or a permission on one connection. */
type ElevationGrant = { role: AdminRole } | { permission: Permission; connectionId: string };

const elevationGrantOf = (details: ElevationDetails): ElevationGrant =>
  details.role
    ? { role: details.role as AdminRole }
    : { permission: details.permission as Permission, connectionId: details.connectionId! };

/**
 * An administrator's elevation for a time, asked for themselves (POST /api/v1/approvals/elevation):
 * always a request, never a guarded call. Its approver holds admin-roles:write (the kind's permission)
 * and is an Owner for Owner; the approval grants it (grantTemporaryAccess) as the approver's change.
 */
const elevation = (s: ApprovalTargets): ApprovalActionEntry => ({
  kind: 'elevation.request',
  guards: [],
  carriedOutBy: 'approver',
  ask: async (actor, body) => {
    const { role, permission, connectionId, durationMinutes } = body as ElevationRequest;
    const details: ElevationDetails = role
      ? { role, durationMinutes }
      : { permission: permission!, connectionId: connectionId!, durationMinutes };
    const checked = await s.adminRoles.checkGrantable(actor, actor.userId, elevationGrantOf(details));
    if (!role) details.connectionName = checked.connectionName;
    return { targetId: actor.userId, targetName: checked.email, payload: details };
  },
  refuseDecider: (actor, payload) =>
    (payload as ElevationDetails).role === 'Owner' && !actor.adminRoles.includes('Owner')
      ? APPROVAL_MESSAGES.ownerApprovesOwner
      : null,
  execute: (approver, meta, payload, request) => {
    const details = payload as ElevationDetails;
    return s.adminRoles.grantApproved(approver, meta, {
      userId: request.requestedBy,
      grant: elevationGrantOf(details),
      durationMinutes: details.durationMinutes,
      approvalRequestId: request.id,
    });
  },
});

const idOf = (payload: Record<string, unknown>, name = 'id') =>
  String((payload.params as Record<string, unknown>)[name]);
const bodyOf = (payload: Record<string, unknown>) => payload.body as never;

/** A delete of one named item: the item is read first (404 when it is not there). */
const deleteOf = (
  kind: ApprovalAction,
  endpoint: EndpointDef,
  read: (actor: Actor, id: string) => Promise<Named>,
  remove: (actor: Actor, meta: RequestMeta, id: string) => Promise<unknown>,
): ApprovalActionEntry => ({
  kind,
  guards: [
    {
      endpoint,
      inspect: async (actor, { params }) => {
        const item = await read(actor, params.id!);
        return { targetId: params.id!, targetName: item.name, payload: { params } };
      },
    },
  ],
  execute: (actor, meta, payload) => remove(actor, meta, idOf(payload)),
});

const ownerThroughRoles = () => new AppError('APPROVAL_REQUIRED', APPROVAL_MESSAGES.ownerThroughRoles);

/** How strict an MFA requirement is: turning it down is any step to a lower rank. */
const mfaRank = (policy: MfaPolicy) => MFA_POLICIES.indexOf(policy);

/** The registry: every approvable action, each carried out by the service its direct endpoint calls. */
export function approvalActions(s: ApprovalTargets): ApprovalActionEntry[] {
  return [
    deleteOf(
      'connection.delete',
      connectionEndpoints.remove,
      (actor, id) => s.connectionHealth.get(actor, id),
      (actor, meta, id) => s.connections.remove(actor, meta, id),
    ),
    deleteOf(
      'storage.delete',
      storageEndpoints.remove,
      (actor, id) => s.storages.get(actor, id),
      (actor, meta, id) => s.storages.remove(actor, meta, id),
    ),
    deleteOf(
      'identity-provider.delete',
      identityProviderEndpoints.remove,
      (actor, id) => s.identityProviders.get(actor, id),
      (actor, meta, id) => s.identityProviders.remove(actor, meta, id),
    ),
    {
      kind: 'mfa-policy.lower',
      guards: [
        {
          endpoint: authPolicyEndpoints.update,
          // Weaker than now: a lower requirement, or (while one applies) a longer grace period.
          inspect: async (actor, { body }) => {
            const now = await s.authPolicy.get(actor);
            const patch = (body ?? {}) as { mfaPolicy?: MfaPolicy; mfaGraceDays?: number };
            const policy = patch.mfaPolicy ?? now.mfaPolicy;
            const lowered =
              mfaRank(policy) < mfaRank(now.mfaPolicy) ||
              (policy !== 'off' && patch.mfaGraceDays !== undefined && patch.mfaGraceDays > now.mfaGraceDays);
            return lowered ? { targetId: actor.tenantId, targetName: null, payload: { body: patch } } : null;
          },
        },
      ],
      execute: (actor, meta, payload) => s.authPolicy.update(actor, meta, bodyOf(payload)),
    },
    {
      kind: 'sso-enforcement.off',
      guards: [
        {
          endpoint: ssoEnforcementEndpoints.updateDomain,
          inspect: async (actor, { params, body }) => {
            const { domains } = await s.domainSignIn.listDomains(actor);
            const domain = domains.find((d) => d.id === params.domainId);
            if (!domain) throw notFound();
            const off = domain.enforceSso && !(body as DomainSignInUpdate).enforceSso;
            return off ? { targetId: domain.id, targetName: domain.domain, payload: { params, body } } : null;
          },
        },
      ],
      execute: (actor, meta, payload) =>
        s.domainSignIn.updateDomain(actor, meta, idOf(payload, 'domainId'), bodyOf(payload)),
    },
    {
      kind: 'network-access.change',
      guards: [
        {
          endpoint: ipRangeEndpoints.create,
          inspect: async (_actor, { body }) => ({
            targetId: null,
            targetName: String((body as Named).name),
            payload: { op: 'create', body },
          }),
        },
        {
          endpoint: ipRangeEndpoints.update,
          inspect: async (actor, { params, body }) => ({
            targetId: params.id!,
            targetName: (await s.ipRanges.get(actor, params.id!)).name,
            payload: { op: 'update', params, body },
          }),
        },
        {
          endpoint: ipRangeEndpoints.remove,
          inspect: async (actor, { params }) => ({
            targetId: params.id!,
            targetName: (await s.ipRanges.get(actor, params.id!)).name,
            payload: { op: 'delete', params },
          }),
        },
      ],
      execute: (actor, meta, payload) => {
        if (payload.op === 'create') return s.ipRanges.create(actor, meta, bodyOf(payload));
        if (payload.op === 'update') return s.ipRanges.update(actor, meta, idOf(payload), bodyOf(payload));
        return s.ipRanges.remove(actor, meta, idOf(payload));
      },
    },
    {
      kind: 'owner.grant',
      guards: [
        {
          endpoint: adminRoleEndpoints.setOfUser,
          inspect: async (actor, { params, body }) => {
            const roles = (body as { adminRoles: AdminRole[] }).adminRoles;
            const now = await s.adminRoles.ofUser(actor, params.id!);
            if (!roles.includes('Owner') || now.adminRoles.includes('Owner')) return null;
            const user = await s.users.find(actor, params.id!);
            return { targetId: params.id!, targetName: user.email, payload: { params, body } };
          },
        },
        // The previous release's way to make an administrator (isAdmin: true makes an Owner) carries a
        // whole user (a password, maybe): it is not kept in a request, so it is refused, pointing to roles.
        {
          endpoint: userEndpoints.create,
          inspect: async (_actor, { body }) => {
            if ((body as { isAdmin?: boolean }).isAdmin) throw ownerThroughRoles();
            return null;
          },
        },
        {
          endpoint: userEndpoints.update,
          inspect: async (actor, { params, body }) => {
            if (!(body as { isAdmin?: boolean }).isAdmin) return null;
            if (!(await s.users.find(actor, params.id!)).isAdmin) throw ownerThroughRoles();
            return null;
          },
        },
      ],
      execute: (actor, meta, payload) =>
        s.adminRoles.set(
          actor,
          meta,
          idOf(payload),
          (payload.body as { adminRoles: AdminRole[] }).adminRoles,
        ),
    },
    elevation(s),
  ];
}
