import type { AdminRole, ApiTokenScope, Permission } from '@skyvault/contract';
import type { FastifyRequest } from 'fastify';
import type { ResourceGrantRef } from './resource-grants.js';

/** Who is calling, taken from the session only (never from the URL or body). */
export interface Actor {
  tenantId: string;
  userId: string;
  isAdmin: boolean;
  /** The administrator roles the user holds (none for an API token: a service principal, not a person). */
  adminRoles: readonly AdminRole[];
  /** What the roles allow together, or an API token's scope (what route.ts checks endpoints against). */
  permissions: readonly Permission[];
  /** Permissions on one resource the user holds for a time (migration 0040); route.ts checks them. */
  resourceGrants?: readonly ResourceGrantRef[];
  sessionId: string;
  /** The services the tenant has enabled (backup, devOps), read with the session. */
  services: readonly string[];
  /**
   * The session is restricted to enrolling a second factor (the tenant requires one and the grace
   * period is over): only endpoints marked `duringMfaEnrolment` answer it.
   */
  mfaEnrolment: boolean;
  /**
   * Present when an API token makes the call: the tenant's service principal, not a person. `userId`
   * and `sessionId` are then the token's id (what the audit trail names as the actor).
   */
  token?: { id: string; name: string; scope: ApiTokenScope };
  /**
   * Present in a support session (modules/support-access): a platform operator inside the support access
   * the tenant's Owner granted, not a user. `userId` and `sessionId` are then the support session's id
   * (the audit trail's actor id), and `permissions` every `read` plus the grant's named writes.
   */
  support?: SupportActor;
}

export interface SupportActor {
  grantId: string;
  operator: string;
  ticket: string;
  writePermissions: readonly Permission[];
  /** The grant's end, when the session ends at the latest. */
  expiresAt: Date;
}

/** What the audit trail records about the request alongside each change. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
  requestId: string;
  /** The actor's name when no user row names it (an API token), as the audit trail keeps it. */
  actorName?: string;
}

/** How the audit trail names an API token acting for the tenant. */
export const apiTokenActorName = (name: string) => `API token "${name}"`;

/**
 * How the audit trail names an identity provider whose group mapping changed a user at sign-in (the
 * provider's id is the event's actor id). The prefix tells it from an API token's name.
 */
const PROVIDER_ACTOR_PREFIX = 'Identity provider "';
export const identityProviderActorName = (name: string) => `${PROVIDER_ACTOR_PREFIX}${name}"`;
/**
 * How the audit trail names a platform operator in a support session: who, and for which ticket, on
 * behalf of the tenant (the event's actor id is the support session's). The prefix tells it apart.
 */
const SUPPORT_ACTOR_PREFIX = 'Support: ';
export const supportActorName = (operator: string, ticket: string) =>
  `${SUPPORT_ACTOR_PREFIX}${operator} (ticket ${ticket})`;
export const isSupportActorName = (name: string | null | undefined) =>
  name?.startsWith(SUPPORT_ACTOR_PREFIX) ?? false;
export const isIdentityProviderActorName = (name: string | null | undefined) =>
  name?.startsWith(PROVIDER_ACTOR_PREFIX) ?? false;

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512),
  requestId: request.id,
  ...(request.actor?.token ? { actorName: apiTokenActorName(request.actor.token.name) } : {}),
  ...(request.actor?.support
    ? { actorName: supportActorName(request.actor.support.operator, request.actor.support.ticket) }
    : {}),
});
