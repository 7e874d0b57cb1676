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
  invitedBy: string,
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
  const { database, tokens, limiter } = deps;
  const queueMail = createUserMailer(deps);

  /** A link for the user (invitation or reset), its e-mail written to the outbox in the same transaction. */
  async function mail(actor: Actor, tx: Tx, user: repo.UserRow, kind: UserMail['kind']) {
    const hours = kind === 'invitation' ? INVITATION_HOURS : RESET_HOURS;
    const owner = { tenantId: actor.tenantId, userId: user.id };
    const code = await tokens.issue(tx, owner, 'reset-password', hours * 3600);
    if (kind === 'invitation') {
      const expiresAt = new Date(Date.now() + hours * 3600 * 1000);
      await noteInvitation(actor.tenantId, tx, user.id, actor.userId, expiresAt);
    }
    const context = await repo.findMailContext(actor.tenantId, tx, actor.userId);
    await queueMail(tx, {
      kind,
      to: user.email,
      firstName: user.firstName,
      code,
      tenantId: actor.tenantId,
      ...context,
    });
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
