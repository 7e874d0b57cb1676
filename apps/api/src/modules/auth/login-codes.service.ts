import { randomInt } from 'node:crypto';
import type { Brand } from '@skyvault/contract';
import { CODE_REFUSALS } from '@skyvault/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { newestFirst } from '../../db/order.js';
import { loginCodes } from '../../db/schema/index.js';
import type { RequestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { addressKey } from '../../platform/rate-limits/address-key.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { localSignInVerdict } from '../domains/index.js';
import { findTenantsByEmail } from '../users/index.js';

const CODE_MINUTES = 10;
/** Wrong guesses one code survives before it is void. */
const MAX_ATTEMPTS = 5;

/**
 * The e-mail login flow's codes: 6 random digits, kept as a keyed hash, valid 10 minutes, single use,
 * void after 5 wrong guesses. A code goes to every address, known or not, and the answer to a request is
 * the same either way: only the code's check answers the address's tenants (none, for an unknown one).
 */
export function createLoginCodes(deps: {
  database: Database;
  secrets: SecretBox;
  limiter: RateLimiter;
  outbox: MailOutbox;
  brand: Brand;
  log: FastifyBaseLogger;
}) {
  const { database, secrets, limiter, outbox, brand } = deps;
  const macOf = (email: string, code: string) => secrets.mac(`login-code:${email}:${code}`);

  return {
    async request(email: string, meta: RequestMeta): Promise<void> {
      // Per address only failures count (here: codes asked for addresses with no account), so that an
      // office behind one address signs in freely; per address of mail the limit stays strict.
      const addressLimit = `code:ip:${addressKey(meta.ip)}`;
      await limiter.check(addressLimit, 'codeFailuresPerAddress');
      await limiter.consume(`code:email:${email}`, 'codeRequestsPerEmail');
      // Every address gets its code, so that the answer to the code (not to this request) tells the
      // mailbox's owner alone that no tenant uses it ('No Tenants found for this email'). An address
      // without an account still counts as a failure of the client's address, as before: one client
      // cannot send codes to many strangers. An account whose changed address is not proven yet does
      // not count (users.repository.ts): whoever changed it may own that mailbox.
      const tenants = await database.system((tx) => findTenantsByEmail(tx, email));
      if (tenants.length === 0) await limiter.fail(addressLimit, 'codeFailuresPerAddress');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await database.system(async (tx) => {
        // Only the newest code works.
        await tx
          .update(loginCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(loginCodes.email, email), isNull(loginCodes.usedAt)));
        await tx.insert(loginCodes).values({
          email,
          codeHash: macOf(email, code),
          expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
        });
        // The code's e-mail commits with the code; it belongs to no tenant (the address may have several).
        await outbox.enqueueMail(tx, {
          to: email,
          ...templates.loginCode(brand, { code, minutes: CODE_MINUTES }),
        });
      });
      // Delivery is not awaited: a slow mail server must not hold the answer.
      outbox.nudge();
    },

    /** Checks a code and answers the address's tenants. */
    async verify(email: string, code: string, meta: RequestMeta) {
      const addressLimit = `code:ip:${addressKey(meta.ip)}`;
      await limiter.check(addressLimit, 'codeFailuresPerAddress');
      const accepted = await database.system(async (tx) => {
        const [latest] = await tx
          .select()
          .from(loginCodes)
          .where(
            and(eq(loginCodes.email, email), isNull(loginCodes.usedAt), sql`${loginCodes.expiresAt} > now()`),
          )
          .orderBy(newestFirst(loginCodes.createdAt))
          .limit(1);
        if (!latest) return false;
        if (secrets.macEquals(`login-code:${email}:${code}`, latest.codeHash)) {
          await tx.update(loginCodes).set({ usedAt: new Date() }).where(eq(loginCodes.id, latest.id));
          return true;
        }
        const attempts = latest.attempts + 1;
        await tx
          .update(loginCodes)
          .set({ attempts, ...(attempts >= MAX_ATTEMPTS ? { usedAt: new Date() } : {}) })
          .where(eq(loginCodes.id, latest.id));
        return false;
      });
      if (!accepted) {
        await limiter.fail(addressLimit, 'codeFailuresPerAddress');
        const wrong = CODE_REFUSALS.loginCode;
        throw new AppError('INVALID_CODE', wrong, { fields: { code: wrong } });
      }
      const found = await database.system((tx) => findTenantsByEmail(tx, email));
      // A tenant that holds the address to single sign-on is offered with its providers: choosing it
      // goes there instead of to the password step (which would refuse it anyway).
      const tenants = await Promise.all(
        found.map(async (tenant) => {
          const verdict = await database.tenant(tenant.id, (tx) =>
            localSignInVerdict(tx, { tenantId: tenant.id, email, way: 'email-code' }),
          );
          return verdict.allowed ? tenant : { ...tenant, ssoRequired: verdict.providers };
        }),
      );
      return { tenants };
    },
  };
}

export type LoginCodes = ReturnType<typeof createLoginCodes>;
