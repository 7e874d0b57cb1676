import { randomBytes, randomUUID } from 'node:crypto';
import type { SessionUser } from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { hashToken } from '../../lib/token-hash.js';
import { type AuditEvent, recordAuditWith } from '../../platform/audit/audit.service.js';
import { assertAddressPermitted } from '../ip-ranges/index.js';
import { createSessionCache } from './session-cache.js';
import { adminRights, sessionUser } from './session-user.js';
import * as repo from './sessions.repository.js';

export interface SessionSettings {
  ttlSeconds: number;
  idleSeconds: number;
  /** How long a resolved session is kept in this process (session-cache.ts); 0 keeps none. */
  cacheMs: number;
}

/** The channel the database notifies on a change that may end or narrow a session (migration 0015). */
export const SESSIONS_CHANGED = 'skyvault_sessions_changed';

/** lastSeenAt is written at most this often, so that reading pages does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export function createSessionService(
  database: Database,
  settings: SessionSettings,
  options: { passkeysAvailable?: () => boolean } = {},
) {
  const passkeysAvailable = options.passkeysAvailable ?? (() => false);
  const cache = createSessionCache(settings.cacheMs);
  // A session ended, a user disabled or demoted, a tenant's ranges or services changed, in any
  // process: the database says so when it commits (migration 0015), and what was kept is forgotten.
  database.onSignal?.(SESSIONS_CHANGED, () => cache.forget());
  /** A new session's token (for the cookie only) and its row (with the token's hash only). */
  const newSession = (
    who: { userId: string },
    meta: RequestMeta & { timezone?: string },
    options: { mfaEnrolment?: boolean },
  ) => {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + settings.ttlSeconds * 1000);
    const values = {
      userId: who.userId,
      tokenHash: hashToken(token),
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
      timezone: meta.timezone,
      mfaEnrolment: options.mfaEnrolment ?? false,
    };
    return { token, expiresAt, values };
  };

  return {
    /**
     * Opens a session in the caller's transaction (the sign-in and its audit event commit together);
     * `mfaEnrolment` restricts it to enrolling a second factor.
     */
    async open(
      tx: Tx,
      who: { tenantId: string; userId: string },
      meta: RequestMeta & { timezone?: string },
      options: { mfaEnrolment?: boolean } = {},
    ) {
      const { token, expiresAt, values } = newSession(who, meta, options);
      const { id } = await repo.insertSession(who.tenantId, tx, values);
      return { id, token, expiresAt };
    },

    /**
     * Opens a session and records the sign-in's audit event in one statement on the owner connection
     * (one round trip, where a transaction would take four: a password login's hot path).
     */
    async openSignedIn(
      who: { tenantId: string; userId: string },
      meta: RequestMeta & { timezone?: string },
      options: { mfaEnrolment?: boolean },
      event: AuditEvent,
    ) {
      const { token, expiresAt, values } = newSession(who, meta, options);
      const id = randomUUID();
      await recordAuditWith(
        database.db,
        'session_opened_audited',
        () => repo.insertSessionCte(database.db),
        repo.sessionParams(who.tenantId, { id, ...values }),
        meta,
        event,
      );
      return { id, token, expiresAt };
    },

    /**
     * The actor behind a cookie token, or null when the session is unknown, expired, or its user may no
     * longer sign in. With the caller's address, throws IP_NOT_ALLOWED outside the tenant's network
     * ranges, before the session is touched: a refused call does not keep it alive.
     */
    async resolve(token: string, address?: string): Promise<Actor | null> {
      if (!token || token.length > 128) return null;
      const hash = hashToken(token);
      // Every signed-in call starts here: one statement on the owner connection, no transaction around
      // it (before the token is known there is no tenant to scope a transaction to), unless this
      // process read it within the last moment.
      const kept = cache.row(hash);
      const row = kept ?? (await repo.findByTokenHash(database.db, hash));
      if (!row) return null;
      const now = Date.now();
      const idleExpired = now - row.lastSeenAt.getTime() > settings.idleSeconds * 1000;
      const blocked = row.userStatus === 'Disabled' || row.tenantStatus !== 'active';
      if (row.expiresAt.getTime() <= now || idleExpired || blocked) {
        cache.drop(hash);
        await database.tenant(row.tenantId, (tx) => repo.deleteSession(row.tenantId, tx, row.id));
        return null;
      }
      if (address !== undefined) assertAddressPermitted(row.ipRanges, address);
      if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        // Taken before the write, so that the calls of this process that share the cached row while
        // it is written do not each write it too.
        row.lastSeenAt = new Date(now);
        await database.tenant(row.tenantId, (tx) =>
          repo.touchSession(row.tenantId, tx, row.id, new Date(now), TOUCH_EVERY_MS),
        );
      }
      // Kept from when it was read, not from its last use: a change elsewhere shows within the time.
      if (!kept) cache.keep(hash, row);
      return {
        tenantId: row.tenantId,
        userId: row.userId,
        isAdmin: row.isAdmin,
        ...adminRights(row.isAdmin, row.adminRoles),
        resourceGrants: row.resourceGrants ?? [],
        sessionId: row.id,
        services: row.services,
        mfaEnrolment: row.mfaEnrolment,
      };
    },

    /**
     * Rotation at sign-in: the session the browser had before (any tenant), if any, ends. Sessions
     * ended here are forgotten at once too: a provider sign-in's callback is a GET, which the session
     * plugin's forgetting after every change does not cover.
     */
    endPrevious: async (previous: Actor | null) => {
      if (!previous) return;
      cache.forget();
      await database.tenant(previous.tenantId, (tx) =>
        repo.deleteSession(previous.tenantId, tx, previous.sessionId),
      );
    },

    end: (tx: Tx, actor: Pick<Actor, 'tenantId' | 'sessionId'>) => {
      cache.forget();
      return repo.deleteSession(actor.tenantId, tx, actor.sessionId);
    },

    endAllForUser: (tx: Tx, tenantId: string, userId: string, keepSessionId?: string) => {
      cache.forget();
      return repo.deleteUserSessions(tenantId, tx, userId, keepSessionId);
    },

    /**
     * The signed-in user as GET /auth/session answers it: kept with the session for as long as the
     * session is, so that a console polling its session reads nothing.
     */
    async user(actor: Actor): Promise<SessionUser> {
      const kept = cache.user(actor.sessionId);
      if (kept) return kept;
      const user = await sessionUser(database, actor.tenantId, actor.userId, passkeysAvailable);
      cache.keepUser(actor.sessionId, user);
      return user;
    },

    /** Anything this process changed may change a session: the next call of each reads it anew. */
    forgetResolved: () => cache.forget(),

    purgeExpired: () => database.system((tx) => repo.deleteExpiredSessions(tx, new Date())),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
