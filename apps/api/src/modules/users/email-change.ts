import { type Brand, CODE_REFUSALS, EMAIL_PROOF_LINK_DAYS, type EmailProven } from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { OneTimeTokens } from '../../platform/one-time-tokens/one-time-tokens.service.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { addressKey } from '../../platform/rate-limits/address-key.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { changedByName, createEmailChangeMailer } from './email-change.mail.js';
import * as repo from './users.repository.js';

const LINK_MESSAGES = CODE_REFUSALS.emailProofLink;
const PROOF_SECONDS = EMAIL_PROOF_LINK_DAYS * 24 * 3600;

/**
 * A change of a user's address, by whatever path (console, API token, SCIM): the new address is held
 * until the user opens the link mailed to it. While it is held no password link or e-mail login code
 * goes to it (passwords, login codes and an administrator's reset check `emailUnprovenSince`), so
 * whoever changed the address to one they own cannot take the account over by "forgot password".
 */
export function createEmailChange(deps: {
  database: Database;
  tokens: OneTimeTokens;
  limiter: RateLimiter;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
}) {
  const { database, tokens, limiter, outbox } = deps;
  const mails = createEmailChangeMailer(deps);

  /** A new proof link for the user's current address, its e-mail written in the caller's transaction. */
  async function sendProof(tx: Tx, user: repo.UserRow, tenantName: string) {
    const owner = { tenantId: user.tenantId, userId: user.id };
    const token = await tokens.issue(tx, owner, 'prove-email', PROOF_SECONDS);
    await mails.proof(tx, {
      to: user.email,
      firstName: user.firstName,
      tenantName,
      tenantId: user.tenantId,
      token,
    });
  }

  return {
    /**
     * In the change's transaction, after the user's row was updated (so its lock is held): voids the
     * links mailed before (to the old address), mails the proof link to the new address and the notice
     * to the old one, and audits the change. The caller ends the user's sessions.
     */
    async changed(actor: Actor, meta: RequestMeta, tx: Tx, before: repo.UserRow, after: repo.UserRow) {
      await tokens.voidAll(tx, { tenantId: after.tenantId, userId: after.id });
      const context = await repo.findMailContext(actor.tenantId, tx, actor.userId);
      await sendProof(tx, after, context.tenantName);
      // The notice goes to the account's standing address; an address that was itself changed and
      // never proven may be a stranger's (a typo corrected), and it was never the user's for sure.
      if (!before.emailUnprovenSince) {
        await mails.notice(tx, {
          to: before.email,
          firstName: before.firstName,
          tenantName: context.tenantName,
          tenantId: actor.tenantId,
          changedBy: changedByName(actor, context.actorName),
          at: new Date(),
          newEmail: after.email,
        });
      }
      await recordAudit(tx, meta, {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        action: 'change-email',
        targetType: 'user',
        targetId: after.id,
        targetName: after.email,
        before: { email: before.email, emailProven: before.emailVerifiedAt !== null },
        after: { email: after.email, emailProven: false },
      });
    },

    /** The proof link: the address is the user's; password links and login codes may go to it again. */
    async prove(token: string, meta: RequestMeta): Promise<EmailProven> {
      const owner = await tokens.peek('prove-email', token, LINK_MESSAGES);
      return database.tenant(owner.tenantId, async (tx) => {
        // The lock first: a change of address racing this link either voids it before or waits.
        const user = await repo.lockUser(owner.tenantId, tx, owner.userId);
        if (!(await tokens.consume(tx, owner))) throw new AppError('INVALID_CODE', LINK_MESSAGES.used);
        if (!user) throw new AppError('INVALID_CODE', LINK_MESSAGES.invalid);
        await repo.updateUser(owner.tenantId, tx, user.id, {
          emailVerifiedAt: new Date(),
          emailUnprovenSince: null,
        });
        await recordAudit(tx, meta, {
          tenantId: owner.tenantId,
          actorId: user.id,
          action: 'prove-email',
          targetType: 'user',
          targetId: user.id,
          targetName: user.email,
          before: { emailProven: false },
          after: { emailProven: true },
        });
        const { tenantName } = await repo.findMailContext(owner.tenantId, tx, user.id);
        return { tenantName, email: user.email };
      });
    },

    /**
     * A new proof link for every account whose changed address is this one and still waits (the link
     * expired or was lost). The same answer for any address; it sends nothing to proven addresses.
     */
    async resend(email: string, meta: RequestMeta): Promise<void> {
      const addressLimit = `email-proof:ip:${addressKey(meta.ip)}`;
      await limiter.check(addressLimit, 'forgotFailuresPerAddress');
      await limiter.consume(`email-proof:email:${email.toLowerCase()}`, 'codeRequestsPerEmail');
      const waiting = await database.system((tx) => repo.findUnprovenAddresses(tx, email));
      if (waiting.length === 0) await limiter.fail(addressLimit, 'forgotFailuresPerAddress');
      for (const { user, tenant } of waiting) {
        await database.tenant(tenant.id, async (tx) => {
          const row = await repo.lockUser(tenant.id, tx, user.id);
          if (!row?.emailUnprovenSince || row.email.toLowerCase() !== email.toLowerCase()) return;
          await sendProof(tx, row, tenant.name);
          // In the account's name, as a forgotten password's request is: the link goes to its address.
          await recordAudit(tx, meta, {
            tenantId: tenant.id,
            actorId: row.id,
            action: 'request-email-proof',
            targetType: 'user',
            targetId: row.id,
            targetName: row.email,
          });
        });
      }
      if (waiting.length > 0) outbox.nudge();
    },
  };
}

export type EmailChange = ReturnType<typeof createEmailChange>;
