import { API_TOKEN_MESSAGES, SCIM_MESSAGES } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { type ApiTokenService, bearerTokenOf } from '../api-tokens/index.js';
import type { GroupProvisioningService } from '../groups/index.js';
import type { RoleService } from '../roles/index.js';
import type { UserService } from '../users/index.js';
import { scimDiscoveryRoutes } from './scim.discovery.js';
import { answerScimError, invalidValue, ScimError } from './scim.errors.js';
import { scimGroupRoutes } from './scim.groups.js';
import { scimUserRoutes } from './scim.users.js';

export interface ScimDeps {
  apiTokens: ApiTokenService;
  users: UserService;
  groupProvisioning: GroupProvisioningService;
  roles: RoleService;
  publicUrl: string;
}

/**
 * Whether a NUL character is anywhere in a parsed body or query (a string or a key): PostgreSQL's text
 * cannot hold one, so it is the client's mistake to answer, never a failed statement. Walked without
 * recursion, however deep the JSON nests.
 */
function hasNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * SCIM 2.0 (RFC 7643/7644), registered with the prefix /scim/v2: an identity provider (Okta, Entra ID)
 * provisions the tenant's users and groups with an API token of the `scim` scope. Outside /api, so the
 * session plugin and CSRF leave it alone; it authenticates every request itself and answers every error
 * in the SCIM error schema. See docs/scim.md.
 */
export async function scimRoutes(app: FastifyInstance, deps: ScimDeps) {
  const base = `${deps.publicUrl}/scim/v2`;

  // Clients send application/scim+json (RFC 7644 §3.1); application/json is taken too.
  app.addContentTypeParser(
    ['application/scim+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.setErrorHandler((error, request, reply) => answerScimError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    answerScimError(new ScimError(404, SCIM_MESSAGES.notFound), request, reply),
  );

  app.addHook('onRequest', async (request) => {
    const bearer = bearerTokenOf(request.headers.authorization);
    if (!bearer) throw new ScimError(401, API_TOKEN_MESSAGES.invalid);
    let actor: Awaited<ReturnType<ApiTokenService['resolve']>>;
    try {
      actor = await deps.apiTokens.resolve(bearer, request.ip);
    } catch (error) {
      // The tenant's network ranges hold for its tokens too.
      if (error instanceof AppError && error.code === 'IP_NOT_ALLOWED')
        throw new ScimError(403, error.message);
      throw error;
    }
    if (!actor) throw new ScimError(401, API_TOKEN_MESSAGES.invalid);
    if (actor.token?.scope !== 'scim') throw new ScimError(403, API_TOKEN_MESSAGES.notScim);
    // requestMeta(request) names the token in the audit trail.
    request.actor = actor;
  });

  app.addHook('preHandler', async (request) => {
    if (hasNul(request.query) || hasNul(request.body)) throw invalidValue(SCIM_MESSAGES.nulCharacter);
  });

  await app.register(scimDiscoveryRoutes, { base });
  await app.register(scimUserRoutes, { users: deps.users, base });
  await app.register(scimGroupRoutes, {
    groupProvisioning: deps.groupProvisioning,
    roles: deps.roles,
    base,
  });
}
