import type { FastifyRequest } from 'fastify';

/** Who is calling, taken from the session only (never from the URL or body). */
export interface Actor {
  tenantId: string;
  userId: string;
  isAdmin: boolean;
  sessionId: string;
  /** The services the tenant has enabled (backup, devOps), read with the session. */
  services: readonly string[];
  /**
   * The session is restricted to enrolling a second factor (the tenant requires one and the grace
   * period is over): only endpoints marked `duringMfaEnrolment` answer it.
   */
  mfaEnrolment: boolean;
}

/** What the audit trail records about the request alongside each change. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
  requestId: string;
}

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512),
  requestId: request.id,
});
