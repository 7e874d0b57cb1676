import { type Login, MESSAGES, type PreLogin } from '@skyvault/contract';
import type { Database } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { recordAudit } from '../audit/audit.service.js';
import { addressPermitted, ipNotAllowed } from '../ip-ranges/network-access.js';
import type { MfaService } from '../mfa/mfa.service.js';
import type { PasswordService } from '../passwords/passwords.service.js';
import { LIMITS, type RateLimiter } from '../rate-limits/rate-limits.service.js';
import { toSessionUser } from '../sessions/sessions.routes.js';
import type { SessionService } from '../sessions/sessions.service.js';
import { findForLogin } from '../users/users.repository.js';

type Found = NonNullable<Awaited<ReturnType<typeof findForLogin>>>;

const totpError = (message: string) => new AppError('INVALID_TOTP', message, { fields: { code: message } });

/**
 * Password login (both console flows end here): abuse limits per IP and per account, one argon2id
 * verification whether or not the account exists, then the account's state, the tenant's network
 * access, the TOTP when the user has an enabled device, a forced password reset, and finally a new session.
 */
export function createLoginService(deps: {
  database: Database;
  limiter: RateLimiter;
  sessions: SessionService;
  mfa: MfaService;
  passwords: PasswordService;
}) {
  const { database, limiter, sessions, mfa, passwords } = deps;
  const accountKey = (input: PreLogin) => `login:account:${input.tenantName.toLowerCase()}:${input.email}`;

  const auditFor = (found: Found, meta: RequestMeta, action: string) =>
    database.tenant(found.tenant.id, (tx) =>
      recordAudit(tx, meta, {
        tenantId: found.tenant.id,
        actorId: found.user.id,
        action,
        targetType: 'user',
        targetId: found.user.id,
      }),
    );

  async function authenticate(input: PreLogin, meta: RequestMeta) {
    const { hasFailures } = await limiter.consumeAndCheck(
      { key: `login:ip:${meta.ip}`, limit: LIMITS.loginPerIp },
      { key: accountKey(input), limit: LIMITS.loginFailuresPerAccount },
    );
    const found = await findForLogin(database.db, input.tenantName, input.email);
    if (!(await verifyPassword(found?.user.passwordHash, input.password)) || !found) {
      await limiter.fail(accountKey(input), LIMITS.loginFailuresPerAccount);
      if (found) await auditFor(found, meta, 'failed-sign-in');
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (found.tenant.status === 'pending' || found.user.status === 'WaitConfirmation') {
      throw new AppError('EMAIL_NOT_VERIFIED');
    }
    if (found.tenant.status !== 'active' || found.user.status === 'Disabled') {
      throw new AppError('ACCOUNT_DISABLED');
    }
    // Only once the password is proven: a guesser learns nothing about the tenant's ranges.
    if (!addressPermitted(found.ipRanges, meta.ip)) {
      await auditFor(found, meta, 'failed-sign-in');
      throw ipNotAllowed();
    }
    return { found, hasFailures };
  }

  return {
    async preLogin(input: PreLogin, meta: RequestMeta) {
      const { found } = await authenticate(input, meta);
      return { isMfaEnabled: found.mfaRequired };
    },

    /** Returns the new session's token; the caller sets the cookie. `previous` is ended (rotation). */
    async login(input: Login, meta: RequestMeta & { timezone?: string }, previous: Actor | null) {
      const { found, hasFailures } = await authenticate(input, meta);
      const { tenant, user } = found;
      if (found.mfaRequired) {
        const key = `totp:user:${user.id}`;
        await limiter.check(key, LIMITS.totpFailuresPerUser);
        if (!input.code) throw totpError(MESSAGES.totpRequired);
        if (!(await mfa.acceptLoginCode(tenant.id, user.id, input.code))) {
          await limiter.fail(key, LIMITS.totpFailuresPerUser);
          await auditFor(found, meta, 'failed-sign-in');
          throw totpError('The verification code is incorrect.');
        }
      }
      if (user.status === 'ForceResetPassword') {
        const resetCode = await passwords.issueForcedReset({ tenantId: tenant.id, userId: user.id });
        throw new AppError('ForceResetPasswordException', undefined, { resetCode });
      }
      if (hasFailures) await limiter.reset(accountKey(input));
      // Rotation: the session the browser had before (if any) ends with this login.
      if (previous) await database.tenant(previous.tenantId, (tx) => sessions.end(tx, previous));
      return database.tenant(tenant.id, async (tx) => {
        const session = await sessions.open(tx, { tenantId: tenant.id, userId: user.id }, meta);
        await recordAudit(tx, meta, {
          tenantId: tenant.id,
          actorId: user.id,
          action: 'sign-in',
          targetType: 'user',
          targetId: user.id,
        });
        return { session, user: toSessionUser(user, tenant) };
      });
    },

    async logout(actor: Actor, meta: RequestMeta) {
      await database.tenant(actor.tenantId, async (tx) => {
        await sessions.end(tx, actor);
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'sign-out',
          targetType: 'user',
          targetId: actor.userId,
        });
      });
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
