import type { z } from 'zod';
import type { Permission } from './admin-roles.js';

/**
 * One API call as both sides see it. The API registers a route from it (validating params, query,
 * body and response with these schemas, and documenting them in OpenAPI); the console builds a typed
 * fetch from the same value. Paths use Fastify's `:param` syntax and always start with /api.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone, any signed-in user, or an administrator (a user holding at least one
 * administrator role) whose roles give the endpoint's `permission`.
 */
export type Access = 'public' | 'user' | 'admin';

/**
 * An administrator's endpoint names the permission it needs (admin-roles.ts): the API answers 403
 * without it and the console shows the action only with it. Required by type, so that no endpoint is
 * open to every administrator by omission.
 */
type AccessRule =
  | { access: 'admin'; permission: Permission }
  | { access: 'public' | 'user'; permission?: undefined };

export type EndpointDef = AccessRule & EndpointFields;

interface EndpointFields {
  method: HttpMethod;
  path: `/api/${string}`;
  /**
   * Callable by a user whose session is restricted to MFA enrolment (the tenant requires a second factor
   * and the grace period is over); every other endpoint answers them 403 MFA_ENROLMENT_REQUIRED.
   */
  duringMfaEnrolment?: true;
  /**
   * Belongs to a signed-in person (their own session, password, MFA devices), makes or resets lasting
   * credentials (API tokens, passwords, MFA resets, webhook signing secrets) or decides how people sign in
   * (authentication policy, identity providers, network access): an API token calling it is answered 403
   * whatever its scope, so that a leaked token leaves nothing behind once it is revoked.
   */
  sessionOnly?: true;
  /**
   * For an endpoint open to API tokens where some bodies are a signed-in person's only (a user given a
   * password or administrator rights): answers why when the validated body is one of them, and an API
   * token is then answered 403 with that message; undefined lets the call through.
   */
  sessionOnlyBody?: (body: never) => string | undefined;
  /**
   * Fields of the answer that hold a secret (a connected app's client secret): a `read` token gets
   * them as MASKED_SECRET wherever they appear in the answer (every row of a list too).
   */
  secretFields?: readonly string[];
  /** A service the tenant must have enabled (answered 403 SERVICE_NOT_ENABLED otherwise). */
  service?: 'backup' | 'devOps';
  summary: string;
  tags?: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success response body; `z.void()` (or omitted) for 204. */
  response?: z.ZodType;
  /** Success status when it is not 200. */
  status?: 200 | 201 | 202 | 204;
}

/** What a `read` token sees in place of a secret field's value (see EndpointDef.secretFields). */
export const MASKED_SECRET = '********';

/** Keeps the literal types of a definition so both sides infer params/query/body/response. */
export const defineEndpoint = <const E extends EndpointDef>(endpoint: E): E => endpoint;

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

export type EndpointParams<E extends EndpointDef> = Input<E['params']>;
export type EndpointQuery<E extends EndpointDef> = Input<E['query']>;
export type EndpointBody<E extends EndpointDef> = Input<E['body']>;
export type EndpointResponse<E extends EndpointDef> = E['response'] extends z.ZodType
  ? Infer<E['response']>
  : undefined;

type ParamsInput<E extends EndpointDef> =
  EndpointParams<E> extends undefined ? { params?: undefined } : { params: EndpointParams<E> };
type BodyInput<E extends EndpointDef> =
  EndpointBody<E> extends undefined
    ? { body?: undefined }
    : undefined extends EndpointBody<E>
      ? { body?: EndpointBody<E> }
      : { body: EndpointBody<E> };

/** What a caller gives for one call: params and body where the endpoint takes them, a query if it reads one. */
export type EndpointInput<E extends EndpointDef> = ParamsInput<E> &
  BodyInput<E> & { query?: EndpointQuery<E> };

/** Fills `:name` segments of a path from params (URL-encoded). */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x` from a query object: empty values are left out, arrays repeat their key; '' when nothing is left. */
export function buildSearch(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}
