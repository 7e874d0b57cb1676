import {
  ADMIN_ROLE_MESSAGES,
  API_TOKEN_MESSAGES,
  type EndpointDef,
  MASKED_SECRET,
  MESSAGES,
  MFA_POLICY_MESSAGES,
  SUPPORT_ACCESS_MESSAGES,
  unstorableTextAt,
} from '@skyvault/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './context.js';
import { AppError, forbidden, invalidField, unauthorized } from './errors.js';
import { grantedOnResource } from './resource-grants.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<E extends EndpointDef> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The caller: always present on 'user' and 'admin' endpoints, maybe null on public ones. */
  actor: E['access'] extends 'public' ? Actor | null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Result<E extends EndpointDef> = E extends { response: infer R extends z.ZodType } ? z.input<R> : unknown;

/**
 * How a caller may prove who they are (OpenAPI security requirements): none on public endpoints; the
 * session cookie, or an API token of the scopes that reach the endpoint, on the rest.
 */
function securityOf(endpoint: EndpointDef) {
  if (endpoint.access === 'public') return [];
  if (endpoint.sessionOnly) return [{ session: [] }];
  return [{ session: [] }, { apiToken: endpoint.method === 'GET' ? ['read', 'admin'] : ['admin'] }];
}

/** The answer with every field named in `fields` masked, at any depth (a list's rows too). */
function maskSecrets(value: unknown, fields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, fields));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      fields.includes(key) && typeof field === 'string' ? MASKED_SECRET : maskSecrets(field, fields),
    ]),
  );
}

/** Only the parts an endpoint declares: Fastify warns about schemas given as undefined. */
function schemaOf(endpoint: EndpointDef, status: number) {
  const notes = [
    endpoint.access === 'admin'
      ? `Needs the administrator permission \`${endpoint.permission}\` (docs/administration.md).`
      : undefined,
    endpoint.sessionOnlyBody
      ? 'Some bodies of this call are for a signed-in person only (a password, administrator rights, a factor reset): an API token that sends one is answered 403.'
      : undefined,
  ].filter(Boolean);
  const parts = {
    summary: endpoint.summary,
    description: notes.length > 0 ? notes.join(' ') : undefined,
    tags: endpoint.tags ? [...endpoint.tags] : undefined,
    params: endpoint.params,
    querystring: endpoint.query,
    body: endpoint.body,
    response: endpoint.response && status !== 204 ? { [status]: endpoint.response } : undefined,
    security: securityOf(endpoint),
  };
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined));
}

/**
 * Registers one contract endpoint: its schemas validate the request and the response and document
 * both in OpenAPI; the access rule runs before validation, so that a caller without a session learns
 * nothing about the input rules.
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<Result<E>>,
): void {
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: schemaOf(endpoint, status),
    preValidation: async (request) => {
      if (endpoint.access === 'public') return;
      if (!request.actor) throw unauthorized();
      const token = request.actor.token;
      if (token) {
        if (endpoint.sessionOnly) throw forbidden(API_TOKEN_MESSAGES.sessionOnly);
        if (token.scope === 'scim') throw forbidden(API_TOKEN_MESSAGES.scimOnly);
        if (token.scope === 'read' && endpoint.method !== 'GET') throw forbidden(API_TOKEN_MESSAGES.readOnly);
      }
      const support = request.actor.support;
      if (support && endpoint.method !== 'GET') {
        // A support session writes only what its grant names, and never a person's own account, a
        // credential or how people sign in (sessionOnly), whatever was named.
        if (endpoint.access !== 'admin' || endpoint.sessionOnly)
          throw forbidden(SUPPORT_ACCESS_MESSAGES.never);
        if (!support.writePermissions.includes(endpoint.permission))
          throw forbidden(SUPPORT_ACCESS_MESSAGES.readOnly);
      }
      if (request.actor.mfaEnrolment && !endpoint.duringMfaEnrolment) {
        throw new AppError('MFA_ENROLMENT_REQUIRED', MFA_POLICY_MESSAGES.enrolmentRequired);
      }
      if (endpoint.access === 'admin') {
        // A permission on this one resource for a time (docs/administration.md "Time-bound roles").
        const granted = grantedOnResource(request.actor.resourceGrants, endpoint, request.params);
        if (!request.actor.isAdmin && !granted) throw forbidden();
        // Some administrator role, and one that gives this endpoint's permission (admin-roles.ts).
        if (!request.actor.permissions.includes(endpoint.permission) && !granted)
          throw forbidden(ADMIN_ROLE_MESSAGES.missingPermission(endpoint.permission));
      }
      if (endpoint.service && !request.actor.services.includes(endpoint.service)) {
        throw new AppError('SERVICE_NOT_ENABLED');
      }
    },
    // After the schemas passed: a value they allowed may still hold what no column stores, or ask for
    // what only a signed-in person may do (a password, administrator rights).
    preHandler: async (request) => {
      // What an API token may not ask (a password, administrator rights, a factor reset), a support
      // session may not either.
      const bound = request.actor?.token || request.actor?.support;
      const refusal = bound && endpoint.sessionOnlyBody?.(request.body as never);
      if (refusal) throw forbidden(request.actor?.support ? SUPPORT_ACCESS_MESSAGES.never : refusal);
      for (const part of [request.params, request.query, request.body]) {
        const field = unstorableTextAt(part);
        if (field) throw invalidField(field, MESSAGES.unstorableText);
      }
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        actor: request.actor,
        request,
        reply,
      } as HandlerContext<E>);
      // A handler that answered itself (a redirect for a browser's form) has nothing more to send.
      if (reply.sent) return reply;
      if (status === 204) return reply.code(204).send();
      // A read token reads what an administrator sees, but no secret (a connected app's client secret);
      // nor does a support session, whatever it may change.
      const masked =
        (request.actor?.token?.scope === 'read' || request.actor?.support !== undefined) &&
        endpoint.secretFields;
      return reply.code(status).send(masked ? maskSecrets(result, masked) : result);
    },
  });
}
