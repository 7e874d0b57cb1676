import {
  type Brand,
  CODE_REFUSALS,
  type ForgotPassword,
  MESSAGES,
  type PasswordChange,
  type ResetPassword,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { templates } from '../../platform/mail/templates.js';
import type { OneTimeTokens, TokenPurpose } from '../../platform/one-time-tokens/one-time-tokens.service.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { addressKey } from '../../platform/rate-limits/address-key.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { refuseBreachedPassword, refusesBreachedPasswords } from '../auth-policy/index.js';
import { assertLocalSignIn, localSignInVerdict } from '../domains/index.js';
import { revokeAccountData } from '../oauth/index.js';
import type { SessionService } from '../sessions/index.js';
import { findForLogin, findUser, lockUser, updateUser } from '../users/index.js';

const RESET_HOURS = 24;
const CODE_MESSAGES = CODE_REFUSALS.passwordResetLink;
/**
 * A password link is mailed (reset, invitation); `forced-reset` codes were answered at the login of a
 * user an administrator reset, before that erased the old password, and stay valid until they expire.
 */
const RESET_PURPOSES: TokenPurpose[] = ['reset-password', 'forced-reset'];

/** Forgotten, forced and ordinary password changes. Every change ends the user's other sessions. */
export function createPasswordService(deps: {
  database: Database;
  tokens: OneTimeTokens;
  limiter: RateLimiter;
  sessions: SessionService;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The deployment's switch (BREACHED_PASSWORDS); when on, each tenant's policy decides. */
  refuseBreachedPasswords: boolean;
}) {
  const { database, tokens, limiter, sessions, outbox, brand, publicUrl } = deps;
  const resetUrl = (code: string) => `${publicUrl}/auth/change-password?code=${encodeURIComponent(code)}`;
  /** Refuses a new password on `field` when it is breached or common and the tenant refuses those. */
  const checkNewPassword = async (tenantId: string, password: string, field: string) => {
    const refuse =
      deps.refuseBreachedPasswords &&
      (await database.tenant(tenantId, (tx) => refusesBreachedPasswords(tx, tenantId)));
    await refuseBreachedPassword(refuse, password, field);
  };

  return {
    /**
     * E-mails a reset link when the account exists, may sign in and its address is proven or was never
     * changed; answers the same either way (a held address counts as an unknown one).
     */
    async forgot(input: ForgotPassword, meta: RequestMeta): Promise<void> {
      // The address counts requests for accounts that do not exist only: an office asks freely.
      const addressLimit = `forgot:ip:${addressKey(meta.ip)}`;
      await limiter.check(addressLimit, 'forgotFailuresPerAddress');
      await limiter.consume(
        `forgot:account:${input.tenantName.toLowerCase()}:${input.email}`,
        'forgotPerAccount',
      );
      const found = await findForLogin(database.db, input.tenantName, input.email);
      if (!found) await limiter.fail(addressLimit, 'forgotFailuresPerAddress');
      if (found?.tenant.status !== 'active' || found.user.status === 'Disabled') return;
      const owner = { tenantId: found.tenant.id, userId: found.user.id };
      const sent = await database.tenant(owner.tenantId, async (tx) => {
        // Read again under the user's lock: a change of address either committed before (its hold is
        // seen here) or waits and then voids this link, so no link outlives the address it went to.
        const user = await lockUser(owner.tenantId, tx, owner.userId);
        if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) return false;
        // Single sign-on enforced for the address: no password link (the answer stays the same, so it
        // tells nobody whether the account exists); a break-glass administrator still gets one.
        const held = await localSignInVerdict(tx, {
          ...owner,
          email: user.email,
          way: 'password-reset',
        });
        /** No link is mailed: audited in the account's trail with the reason. */
        const refuse = async (reason: 'sso-required' | 'email-unproven') => {
          await recordAudit(tx, meta, {
            tenantId: owner.tenantId,
            actorId: null,
            action: 'request-password-reset',
            outcome: 'failure',
            targetType: 'user',
            targetId: owner.userId,
            targetName: user.email,
            after: { reason },
          });
          return false;
        };
        if (!held.allowed) return refuse('sso-required');
        // Whoever changed the address may own it: nothing goes there until the user proves it.
        if (user.emailUnprovenSince) return refuse('email-unproven');
        const code = await tokens.issue(tx, owner, 'reset-password', RESET_HOURS * 3600);
        // In the account's name: whoever asked, the link goes to the account's own address.
        await recordAudit(tx, meta, {
          tenantId: owner.tenantId,
          actorId: owner.userId,
          action: 'request-password-reset',
          targetType: 'user',
          targetId: owner.userId,
          targetName: found.user.email,
        });
        const message = templates.resetPassword(brand, {
          firstName: found.user.firstName,
          tenantName: found.tenant.name,
          url: resetUrl(code),
          hours: RESET_HOURS,
        });
        await outbox.enqueueMail(tx, { to: found.user.email, ...message }, owner.tenantId);
        return true;
      });
      if (sent) outbox.nudge();
      // Counted as an unknown account's request, so that the limits tell nothing either.
      else await limiter.fail(addressLimit, 'forgotFailuresPerAddress');
    },

    /** Whose link a code is (the change-password page shows the address), without using it up. */
    async details(code: string) {
      const owner = await tokens.peek(RESET_PURPOSES, code, CODE_MESSAGES);
      const user = await database.tenant(owner.tenantId, (tx) => findUser(owner.tenantId, tx, owner.userId));
      if (!user) throw new AppError('INVALID_CODE', CODE_MESSAGES.invalid);
      return { email: user.email };
    },

    async reset(input: ResetPassword, meta: RequestMeta): Promise<void> {
      const owner = await tokens.peek(RESET_PURPOSES, input.code, CODE_MESSAGES);
      // Before the code is used up, so that the same link takes another password.
      await checkNewPassword(owner.tenantId, input.password, 'password');
      const passwordHash = await hashPassword(input.password);
      await database.tenant(owner.tenantId, async (tx) => {
        // The user's lock before the link's, in the order a change of address takes them.
        const before = await lockUser(owner.tenantId, tx, owner.userId);
        if (!(await tokens.consume(tx, owner))) throw new AppError('INVALID_CODE', CODE_MESSAGES.used);
        if (!before) throw new AppError('INVALID_CODE', CODE_MESSAGES.invalid);
        // A link mailed before enforcement was turned on: the code proves the mailbox, so the refusal
        // may say where to sign in instead.
        await assertLocalSignIn(tx, {
          tenantId: owner.tenantId,
          userId: owner.userId,
          email: before.email,
          way: 'password-reset',
        });
        // A changed address is proven by its own link only (email-proof), never by a password link;
        // a change voids those, so one still usable here can only be a forced reset's code.
        const mailed = owner.purpose === 'reset-password';
        if (mailed && before.emailUnprovenSince) throw new AppError('INVALID_CODE', CODE_MESSAGES.invalid);
        // A mailed link (reset or invitation) proves the address too, so a user still waiting for
        // confirmation is confirmed and the address counts as verified.
        const status = before.status === 'Disabled' ? 'Disabled' : 'Confirmed';
        const emailVerifiedAt = mailed ? new Date() : undefined;
        await updateUser(owner.tenantId, tx, owner.userId, { passwordHash, status, emailVerifiedAt });
        await sessions.endAllForUser(tx, owner.tenantId, owner.userId);
        // Whoever knew the old password may hold tokens of connected apps: they end with it.
        await revokeAccountData(tx, owner.userId);
        // A reset link or an invitation's: either sets the password through a mailed link.
        await recordAudit(tx, meta, {
          tenantId: owner.tenantId,
          actorId: owner.userId,
          action: 'complete-password-reset',
          targetType: 'user',
          targetId: owner.userId,
          targetName: before.email,
          before: { password: before.passwordHash, status: before.status },
          after: { password: passwordHash, status },
        });
      });
    },

    /**
     * Re-authentication before a sensitive change (removing an MFA device): the caller's own password.
     * Wrong ones count on the same limit as a failed password change, so neither gives extra guesses.
     */
    async confirmOwn(actor: Actor, password: string): Promise<void> {
      const key = `password-change:user:${actor.userId}`;
      await limiter.check(key, 'passwordChangeFailuresPerUser');
      const user = await database.tenant(actor.tenantId, (tx) => findUser(actor.tenantId, tx, actor.userId));
      if (!(await verifyPassword(user?.passwordHash, password))) {
        await limiter.fail(key, 'passwordChangeFailuresPerUser');
        throw invalidField('password', MESSAGES.currentPasswordIncorrect);
      }
    },

    /** The settings menu's Change password: the current password, then the new one; other sessions end. */
    async changeOwn(actor: Actor, input: PasswordChange, meta: RequestMeta): Promise<void> {
      const key = `password-change:user:${actor.userId}`;
      await limiter.check(key, 'passwordChangeFailuresPerUser');
      const user = await database.tenant(actor.tenantId, (tx) => findUser(actor.tenantId, tx, actor.userId));
      if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
        await limiter.fail(key, 'passwordChangeFailuresPerUser');
        throw invalidField('oldPassword', MESSAGES.currentPasswordIncorrect);
      }
      await checkNewPassword(actor.tenantId, input.newPassword, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await database.tenant(actor.tenantId, async (tx) => {
        await updateUser(actor.tenantId, tx, actor.userId, { passwordHash });
        await sessions.endAllForUser(tx, actor.tenantId, actor.userId, actor.sessionId);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'user',
          targetId: actor.userId,
          targetName: user.email,
          before: { password: user.passwordHash },
          after: { password: passwordHash },
        });
      });
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
