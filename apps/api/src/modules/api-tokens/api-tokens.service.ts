import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiToken,
  type apiTokenCreateSchema,
  apiTokenExpiryProblem,
  type CreatedApiToken,
  MAX_API_TOKENS,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { hashToken } from '../../lib/token-hash.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { assertAddressPermitted } from '../ip-ranges/index.js';
import * as repo from './api-tokens.repository.js';

type ApiTokenInput = z.output<typeof apiTokenCreateSchema>;

/** lastUsedAt is written at most this often, so that a busy script does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

const toApiToken = ({ token, ...creator }: repo.ApiTokenListRow): ApiToken => ({
  id: token.id,
  name: token.name,
  scope: token.scope,
  prefix: token.prefix,
  createdBy: creator.creatorId
    ? {
        id: creator.creatorId,
        name: `${creator.creatorFirstName} ${creator.creatorLastName}`.trim(),
        email: creator.creatorEmail ?? '',
      }
    : null,
  createdAt: iso(token.createdAt),
  expiresAt: iso(token.expiresAt),
  lastUsedAt: token.lastUsedAt ? iso(token.lastUsedAt) : null,
  lastUsedIp: token.lastUsedIp,
});

/**
 * API tokens: made and revoked by a signed-in administrator, shown once, kept as their SHA-256. A call
 * with one resolves to the tenant's service principal (`Actor.token`) for the token's scope.
 */
export function createApiTokenService(deps: { database: Database }) {
  const { database } = deps;

  return {
    /**
     * The actor behind a bearer token, or null when it is unknown, revoked or expired, or its tenant is
     * not active. With the caller's address, throws IP_NOT_ALLOWED outside the tenant's ranges. Nothing
     * is kept in the process: a revoked token is refused on its next call, in every process.
     */
    async resolve(token: string, address: string): Promise<Actor | null> {
      if (!token) return null;
      const row = await repo.findByHash(database.db, hashToken(token));
      if (row?.tenantStatus !== 'active') return null;
      const now = Date.now();
      if (row.expiresAt.getTime() <= now) return null;
      assertAddressPermitted(row.ipRanges, address);
      if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await database.tenant(row.tenantId, (tx) =>
          repo.touch(row.tenantId, tx, row.id, new Date(now), address),
        );
      }
      return {
        tenantId: row.tenantId,
        userId: row.id,
        sessionId: row.id,
        // Read tokens see what administrators see; route.ts refuses them every change.
        isAdmin: row.scope !== 'scim',
        services: row.services,
        mfaEnrolment: false,
        token: { id: row.id, name: row.name, scope: row.scope },
      };
    },

    list: (actor: Actor) =>
      database.tenant(actor.tenantId, async (tx) => {
        const rows = await repo.listTokens(actor.tenantId, tx);
        return { apiTokens: rows.map(toApiToken), total: rows.length };
      }),

    async create(actor: Actor, meta: RequestMeta, input: ApiTokenInput): Promise<CreatedApiToken> {
      const { tenantId } = actor;
      const expiresAt = new Date(input.expiresAt);
      // The schema checked it when the request arrived; checked again against this instant.
      const problem = apiTokenExpiryProblem(expiresAt);
      if (problem) throw invalidField('expiresAt', problem);
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      return database.tenant(tenantId, async (tx) => {
        if (await repo.nameTaken(tenantId, tx, input.name)) {
          throw conflict(API_TOKEN_MESSAGES.nameTaken, { name: API_TOKEN_MESSAGES.nameTaken });
        }
        if ((await repo.countTokens(tenantId, tx)) >= MAX_API_TOKENS) {
          throw conflict(API_TOKEN_MESSAGES.tooMany);
        }
        const row = await repo.insertToken(tenantId, tx, {
          name: input.name,
          scope: input.scope,
          tokenHash: hashToken(token),
          prefix: token.slice(0, API_TOKEN_PREFIX.length + 4),
          createdBy: actor.userId,
          expiresAt,
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'api-token',
          targetId: row.id,
          targetName: row.name,
          after: { name: row.name, scope: row.scope, expiresAt: row.expiresAt },
        });
        const [listed] = (await repo.listTokens(tenantId, tx)).filter((r) => r.token.id === row.id);
        return { ...toApiToken(listed!), token };
      });
    },

    revoke: (actor: Actor, meta: RequestMeta, id: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        const row = await repo.findToken(actor.tenantId, tx, id);
        if (!row) throw notFound(API_TOKEN_MESSAGES.notFound);
        await repo.deleteToken(actor.tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'revoke',
          targetType: 'api-token',
          targetId: row.id,
          targetName: row.name,
          before: { name: row.name, scope: row.scope, expiresAt: row.expiresAt },
        });
      }),
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;
