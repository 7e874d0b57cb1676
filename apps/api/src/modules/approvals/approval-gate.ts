import {
  APPROVAL_MESSAGES,
  APPROVAL_REASON_HEADER,
  approvalReasonRule,
  MESSAGES,
  unstorableTextAt,
} from '@skyvault/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestMeta } from '../../lib/context.js';
import { AppError, invalidField } from '../../lib/errors.js';
import type { ApprovalActionEntry, GuardedCall } from './approval-actions.js';
import type { ApprovalService } from './approvals.service.js';

/** The reason header, decoded and checked with the contract's rule (the console's dialog uses it too). */
function reasonOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[APPROVAL_REASON_HEADER];
  if (raw === undefined) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(Array.isArray(raw) ? raw.join(',') : raw);
  } catch {
    throw invalidField('reason', APPROVAL_MESSAGES.textPattern);
  }
  const parsed = approvalReasonRule.safeParse(decoded);
  if (!parsed.success) throw invalidField('reason', parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * The preHandler every route passes (app.ts adds it before the routes): a call that the registry guards
 * and the tenant's policy covers is not carried out. Without a reason it answers 409 APPROVAL_REQUIRED;
 * with one (the `x-approval-reason` header) it becomes a request and answers 202 with it. It runs after
 * the route's own access check and schemas, so the request keeps a call the direct endpoint accepted.
 */
export function createApprovalGate(approvals: ApprovalService) {
  const guards = new Map<
    string,
    { entry: ApprovalActionEntry; inspect: ApprovalActionEntry['guards'][0]['inspect'] }
  >();
  for (const entry of approvals.entries) {
    for (const guard of entry.guards) {
      guards.set(`${guard.endpoint.method} ${guard.endpoint.path}`, { entry, inspect: guard.inspect });
    }
  }
  return async function approvalGate(request: FastifyRequest, reply: FastifyReply) {
    const guard = guards.get(`${request.method} ${request.routeOptions.url}`);
    const actor = request.actor;
    if (!guard || !actor) return;
    if (!(await approvals.requires(actor.tenantId, guard.entry.kind))) return;
    // The route's own check of stored text comes after this hook: a request must not keep such text either.
    for (const part of [request.params, request.body]) {
      const field = unstorableTextAt(part);
      if (field) throw invalidField(field, MESSAGES.unstorableText);
    }
    const call: GuardedCall = {
      params: (request.params ?? {}) as Record<string, string>,
      body: request.body as Record<string, unknown> | undefined,
    };
    const change = await guard.inspect(actor, call);
    if (!change) return;
    // A token is no person to carry the change out as, nor to be asked about it.
    if (actor.token) throw new AppError('APPROVAL_REQUIRED', APPROVAL_MESSAGES.tokenCannotRequest);
    const reason = reasonOf(request);
    if (reason === undefined) throw new AppError('APPROVAL_REQUIRED');
    const created = await approvals.request(actor, requestMeta(request), guard.entry.kind, change, reason);
    return reply.code(202).send(created);
  };
}
