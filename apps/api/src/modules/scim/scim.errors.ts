import { SCIM_MESSAGES } from '@skyvault/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isDatabaseBusy, isDatabaseUnavailable } from '../../db/unavailable.js';
import { AppError } from '../../lib/errors.js';
import { SCIM_ERROR_SCHEMA, sendScim } from './scim.resources.js';

/** The `scimType` values of RFC 7644 §3.12 these endpoints answer. */
export type ScimType =
  | 'uniqueness'
  | 'invalidFilter'
  | 'invalidValue'
  | 'tooMany'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget';

/** An error answered in the SCIM error schema, with the status and scimType RFC 7644 gives it. */
export class ScimError extends Error {
  override name = 'ScimError';
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');

/** The first problem zod found, as an invalidValue error naming the attribute. */
export function fromZod(error: z.ZodError, attribute?: string) {
  const issue = error.issues[0];
  const path = attribute ?? issue?.path.join('.');
  return invalidValue(path ? `${path}: ${issue?.message}` : (issue?.message ?? SCIM_MESSAGES.invalidBody));
}

/** The product's refusals that say a value is already used by another record. */
const UNIQUENESS = /already exists/i;

/** Maps what a service or Fastify threw onto the SCIM error schema (RFC 7644 §3.12). */
function toScim(error: unknown): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof AppError) {
    switch (error.code) {
      case 'CONFLICT':
        return new ScimError(409, error.message, UNIQUENESS.test(error.message) ? 'uniqueness' : undefined);
      case 'VALIDATION_ERROR':
        return invalidValue(error.message);
      case 'NOT_FOUND':
        // A reference in the body (a member, a role) that the tenant does not have is the client's value.
        return error.extra.fields ? invalidValue(error.message) : new ScimError(404, error.message);
      default:
        return new ScimError(error.statusCode, error.message);
    }
  }
  const fastify = error as FastifyError;
  const cause = (fastify as { cause?: { code?: string } }).cause;
  if (cause?.code === '23505') return new ScimError(409, SCIM_MESSAGES.externalIdTaken, 'uniqueness');
  if (isDatabaseUnavailable(error) || isDatabaseBusy(error))
    return new ScimError(503, SCIM_MESSAGES.internal);
  const status = fastify.statusCode ?? 500;
  if (status >= 500) return new ScimError(500, SCIM_MESSAGES.internal);
  // Fastify's own client errors (malformed JSON, media type, size) have safe messages.
  return new ScimError(status, fastify.message, status === 400 ? 'invalidSyntax' : undefined);
}

export function answerScimError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const scim = toScim(error);
  if (scim.status >= 500) request.log.error({ err: error }, 'request failed');
  if (scim.status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
  if (scim.status === 503) reply.header('retry-after', '5');
  return sendScim(reply, scim.status, {
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(scim.status),
    ...(scim.scimType ? { scimType: scim.scimType } : {}),
    detail: scim.message,
  });
}
