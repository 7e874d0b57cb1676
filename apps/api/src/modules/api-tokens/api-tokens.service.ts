import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiToken,
  type apiTokenCreateSchema,
  apiTokenExpiryProblem,
  type CreatedApiToken,
  MAX_API_TOKENS,
  MFA_POLICY_MESSAGES,
  type MfaStepUp,
  PERMISSIONS,
  SSO_ENFORCEMENT_MESSAGES,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, conflict, invalidField, notFound, unauthorized } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { hashToken } from '../../lib/token-hash.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { graceEndsAt, mfaEnrolmentStateFor } from '../auth-policy/index.js';
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
 * with one resolves to the tenant's service principal (`Actor.token`) for the token's scope. Making one
 * asks a creator who has a second factor for the step-up; one made inside the creator's MFA grace
 * period stops working when it ends unless the creator has enrolled by then.
 */
export function createApiTokenService(deps: {
  database: Database;
  /** MFA's step-up (a current code or the password), asked of a creator who has a factor. */
  proveFactor: (actor: Actor, proof: MfaStepUp) => Promise<void>;
  /** The clock of expiry and grace periods (tests move it ahead); Date.now by default. */
  now?: () => number;
}) {
  const { database, proveFactor, now: clock = Date.now } = deps;

  /**
   * Before anything is spent on it (the step-up's code is single use): a name already taken is refused,
   * and the creator's MFA state read. Answers when the creator's grace period ends, null when they have
   * a factor (then proven here) or the tenant does not require one of them.
   */
  async function admit(actor: Actor, input: ApiTokenInput, at: number): Promise<Date | null> {
    const { tenantId, userId } = actor;
    const state = await database.tenant(tenantId, async (tx) => {
      if (await repo.nameTaken(tenantId, tx, input.name)) {
        throw conflict(API_TOKEN_MESSAGES.nameTaken, { name: API_TOKEN_MESSAGES.nameTaken });
      }
      return mfaEnrolmentStateFor(tx, tenantId, userId);
    });
    if (state?.hasFactor) await proveFactor(actor, { code: input.code, password: input.password });
    const graceUntil = state && graceEndsAt(state, at);
    // A session past the grace period may do nothing but enrol; a token it made would not work anyway.
    if (graceUntil && graceUntil.getTime() <= at) {
      throw new AppError('MFA_ENROLMENT_REQUIRED', MFA_POLICY_MESSAGES.enrolmentRequired);
    }
    return graceUntil;
  }

  return {
    /**
     * The actor behind a bearer token, or null when it is unknown, revoked or expired, or its tenant is
     * not active. Throws 401 (mfaGraceOver) for a token made in its creator's MFA grace period once it
     * has ended with no factor enrolled, and IP_NOT_ALLOWED outside the tenant's ranges. Nothing is kept
     * in the process: a revoked token is refused on its next call, in every process.
     */
    async resolve(token: string, address: string): Promise<Actor | null> {
      if (!token) return null;
      const row = await repo.findByHash(database.db, hashToken(token));
      if (row?.tenantStatus !== 'active') return null;
      const now = clock();
      if (row.expiresAt.getTime() <= now) return null;
      // Made while its creator had no factor yet: whoever made it may have held the password only.
      const graceUntil = row.createdInMfaGraceUntil;
      if (graceUntil && graceUntil.getTime() <= now && !row.creatorEnrolled) {
        throw unauthorized(API_TOKEN_MESSAGES.mfaGraceOver);
      }
      // Its creator is held to single sign-on and the domain's policy stops their tokens meanwhile. A
      // SCIM token is the identity provider's own credential, not a person's script: it keeps working.
      if (row.creatorSsoEnforced && row.scope !== 'scim')
        throw unauthorized(SSO_ENFORCEMENT_MESSAGES.apiTokenStopped);
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
        // The token's scope decides what it reaches (route.ts refuses a read token every change); it
        // holds no administrator role, so it grants and takes away no Owner.
        adminRoles: [],
        permissions: row.scope === 'scim' ? [] : PERMISSIONS,
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
      const createdInMfaGraceUntil = await admit(actor, input, clock());
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
          createdInMfaGraceUntil,
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'api-token',
          targetId: row.id,
          targetName: row.name,
          after: {
            name: row.name,
            scope: row.scope,
            expiresAt: row.expiresAt,
            ...(createdInMfaGraceUntil ? { createdInMfaGraceUntil } : {}),
          },
        });
        const [listed] = (await repo.listTokens(tenantId, tx)).filter((r) => r.token.id === row.id);
        return { ...toApiToken(listed!), token };
      });
    },

    revoke: (actor: Actor, meta: RequestMeta, id: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        const row = await repo.findToken(actor.tenantId, tx, id, { lock: true });
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
