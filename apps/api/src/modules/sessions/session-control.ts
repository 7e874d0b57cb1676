import { NOT_FOUND, type SignedInSession } from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { describeDevice } from './device.js';
import * as repo from './sessions.repository.js';
import type { SessionService } from './sessions.service.js';

type SessionRow = Awaited<ReturnType<typeof repo.listUserSessions>>[number];

/**
 * An administrator's removal of a user's passkeys, beside another change (End all sessions, Reset
 * password) with `removePasskeys`: `within` removes them in that change's transaction, audited, and
 * writes the user's e-mail; `sent` has it go out once the transaction committed. MFA's, handed in by
 * app.ts.
 */
export interface PasskeyRemover {
  within(tx: Tx, actor: Actor, meta: RequestMeta, userId: string): Promise<void>;
  sent(): void;
}

const toSignedInSession = (row: SessionRow, currentId: string | null): SignedInSession => ({
  id: row.id,
  device: describeDevice(row.userAgent),
  userAgent: row.userAgent,
  ip: row.ip,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastSeenAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  current: row.id === currentId,
});

/**
 * Who is signed in where, and ending it: a user's own sessions ("My sessions") and, for an
 * administrator, any user's of the tenant. Each ending is an audit event in its transaction; the
 * processes that kept the ended session hear of it from the database (sessions.service.ts) and refuse
 * its next call.
 */
export function createSessionControl(
  database: Database,
  sessions: SessionService,
  /** The users module's look-up, handed in: users end sessions through this module too. */
  findUser: (tenantId: string, tx: Tx, userId: string) => Promise<{ email: string } | null>,
  passkeyRemover: PasskeyRemover,
) {
  const list = (tenantId: string, tx: Tx, userId: string, currentId: string | null) =>
    repo
      .listUserSessions(tenantId, tx, userId, new Date())
      .then((rows) => ({ sessions: rows.map((row) => toSignedInSession(row, currentId)) }));

  /** The user the sessions are ended for, named in the audit event as the users module names them. */
  async function existingUser(tenantId: string, tx: Tx, userId: string) {
    const user = await findUser(tenantId, tx, userId);
    if (!user) throw notFound(NOT_FOUND.user);
    return user.email;
  }

  /** Ends one session of the user, audited; 404 when the user has no such session. */
  async function endOne(
    tx: Tx,
    actor: Actor,
    meta: RequestMeta,
    userId: string,
    sessionId: string,
    targetName?: string,
  ) {
    if (!(await repo.deleteUserSession(actor.tenantId, tx, userId, sessionId))) {
      throw notFound(NOT_FOUND.session);
    }
    await recordAudit(tx, meta, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action: 'end-session',
      targetType: 'user',
      targetId: userId,
      targetName,
      after: { sessionId },
    });
  }

  async function endAll(
    tx: Tx,
    actor: Actor,
    meta: RequestMeta,
    userId: string,
    options: { keepId?: string; targetName?: string } = {},
  ) {
    const { keepId, targetName } = options;
    const ended = await repo.deleteUserSessions(actor.tenantId, tx, userId, keepId);
    await recordAudit(tx, meta, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action: keepId ? 'end-other-sessions' : 'end-sessions',
      targetType: 'user',
      targetId: userId,
      targetName,
      after: { sessionsEnded: ended },
    });
  }

  const changing = async (tenantId: string, fn: (tx: Tx) => Promise<void>) => {
    await database.tenant(tenantId, fn);
    sessions.forgetResolved();
  };

  return {
    mine: (actor: Actor) =>
      database.tenant(actor.tenantId, (tx) => list(actor.tenantId, tx, actor.userId, actor.sessionId)),

    endMine: (actor: Actor, meta: RequestMeta, sessionId: string) =>
      changing(actor.tenantId, (tx) => endOne(tx, actor, meta, actor.userId, sessionId)),

    endMyOthers: (actor: Actor, meta: RequestMeta) =>
      changing(actor.tenantId, (tx) => endAll(tx, actor, meta, actor.userId, { keepId: actor.sessionId })),

    ofUser: (actor: Actor, userId: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        await existingUser(actor.tenantId, tx, userId);
        return list(actor.tenantId, tx, userId, actor.sessionId);
      }),

    /** Ends every session of the user; with `removePasskeys`, their passkeys go in the same transaction. */
    async endAllOfUser(
      actor: Actor,
      meta: RequestMeta,
      userId: string,
      options: { removePasskeys?: boolean } | null = null,
    ) {
      await changing(actor.tenantId, async (tx) => {
        const targetName = await existingUser(actor.tenantId, tx, userId);
        await endAll(tx, actor, meta, userId, { targetName });
        if (options?.removePasskeys) await passkeyRemover.within(tx, actor, meta, userId);
      });
      if (options?.removePasskeys) passkeyRemover.sent();
    },

    endOneOfUser: (actor: Actor, meta: RequestMeta, userId: string, sessionId: string) =>
      changing(actor.tenantId, async (tx) => {
        const targetName = await existingUser(actor.tenantId, tx, userId);
        await endOne(tx, actor, meta, userId, sessionId, targetName);
      }),
  };
}

export type SessionControl = ReturnType<typeof createSessionControl>;
