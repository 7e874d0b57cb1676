import { INVITATION_MESSAGES } from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client.js';
import { userInvitations } from '../../db/schema/index.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { OneTimeTokens } from '../../platform/one-time-tokens/one-time-tokens.service.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { createUserMailer, INVITATION_HOURS, RESET_HOURS, type UserMail } from './users.mail.js';
import * as repo from './users.repository.js';

/** Notes the invitation just mailed: who sent it and until when its link works (the latest one counts). */
async function noteInvitation(
  tenantId: string,
  db: Executor,
  userId: string,
  invitedBy: string | null,
  expiresAt: Date,
) {
  await db
    .insert(userInvitations)
    .values({ tenantId, userId, invitedBy, expiresAt })
    .onConflictDoUpdate({
      target: [userInvitations.tenantId, userInvitations.userId],
      set: { invitedBy, expiresAt, sentAt: sql`now()` },
    });
}

type LinkMailDeps = {
  tokens: OneTimeTokens;
  outbox: MailOutbox;
  brand: Parameters<typeof createUserMailer>[0]['brand'];
  publicUrl: string;
};

/**
 * A password link for the user (invitation or reset) and its e-mail, written to the outbox in the
 * caller's transaction. `inviterId` is who sent it (null: the platform's operator, who is no user).
 */
function createLinkMail(deps: LinkMailDeps) {
  const queueMail = createUserMailer(deps);
  return async (
    tx: Tx,
    from: { tenantId: string; inviterId: string | null; tenantName: string; actorName: string },
    user: repo.UserRow,
    kind: UserMail['kind'],
  ) => {
    const hours = kind === 'invitation' ? INVITATION_HOURS : RESET_HOURS;
    const code = await deps.tokens.issue(
      tx,
      { tenantId: from.tenantId, userId: user.id },
      'reset-password',
      hours * 3600,
    );
    if (kind === 'invitation') {
      const expiresAt = new Date(Date.now() + hours * 3600 * 1000);
      await noteInvitation(from.tenantId, tx, user.id, from.inviterId, expiresAt);
    }
    await queueMail(tx, {
      kind,
      to: user.email,
      firstName: user.firstName,
      code,
      tenantId: from.tenantId,
      tenantName: from.tenantName,
      actorName: from.actorName,
    });
  };
}

/**
 * The invitation of a tenant's first administrator when the platform's operator creates the tenant
 * (the admin CLI's create-tenant): the same link and e-mail as an administrator's invitation, sent in
 * the name of the platform. Written in the caller's transaction; a server's outbox sends it.
 */
export function createPlatformInvitations(deps: LinkMailDeps & { platformName: string }) {
  const linkMail = createLinkMail(deps);
  return {
    async invite(tx: Tx, tenantId: string, user: repo.UserRow) {
      const { tenantName } = await repo.findMailContext(tenantId, tx, user.id);
      await linkMail(
        tx,
        { tenantId, inviterId: null, tenantName, actorName: deps.platformName },
        user,
        'invitation',
      );
      return { hours: INVITATION_HOURS };
    },
  };
}

/**
 * The links an administrator's actions mail a user (an invitation to set a first password, a reset),
 * and the invitations' resending. A new link voids the user's earlier ones (one-time tokens), so only
 * the latest e-mail works.
 */
export function createUserLinks(deps: {
  database: Database;
  tokens: OneTimeTokens;
  /** Counts the invitations resent to a user: an administrator's button must not flood a mailbox. */
  limiter: RateLimiter;
  outbox: MailOutbox;
  brand: Parameters<typeof createUserMailer>[0]['brand'];
  publicUrl: string;
}) {
  const { database, limiter } = deps;
  const linkMail = createLinkMail(deps);

  /** A link for the user (invitation or reset), its e-mail written to the outbox in the same transaction. */
  async function mail(actor: Actor, tx: Tx, user: repo.UserRow, kind: UserMail['kind']) {
    const context = await repo.findMailContext(actor.tenantId, tx, actor.userId);
    await linkMail(tx, { tenantId: actor.tenantId, inviterId: actor.userId, ...context }, user, kind);
  }

  return {
    mail,

    /**
     * Mails a user who has not set a password yet a new invitation; the link of the one before stops
     * working. Refused for a user who accepted (409), and while their changed address waits for its
     * proof (whoever changed it may own it). At most `codeRequestsPerEmail` a window per user.
     */
    async resend(actor: Actor, meta: RequestMeta, userId: string, notFoundMessage: string) {
      const { tenantId } = actor;
      // Counted before the transaction (the counters are written on a connection of their own).
      await limiter.consume(`invitation:user:${tenantId}:${userId}`, 'codeRequestsPerEmail');
      await database.tenant(tenantId, async (tx) => {
        // Locked, like every password link's issue: a change of address cannot slip past the checks.
        const user = await repo.lockUser(tenantId, tx, userId);
        if (!user) throw notFound(notFoundMessage);
        if (user.status !== 'WaitConfirmation') throw conflict(INVITATION_MESSAGES.notPending);
        if (user.emailUnprovenSince) throw conflict(INVITATION_MESSAGES.emailUnproven);
        await mail(actor, tx, user, 'invitation');
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'resend-invitation',
          targetType: 'user',
          targetId: user.id,
          targetName: user.email,
        });
      });
      deps.outbox.nudge();
    },
  };
}
