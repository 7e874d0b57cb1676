import {
  type Brand,
  CODE_REFUSALS,
  DOMAIN_MESSAGES,
  NAME_TAKEN,
  NOT_FOUND,
  SIGN_UP_REFUSALS,
  type SignUpMode,
  type tenantSignUpSchema,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { claimJob } from '../../db/claim-job.js';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { asServiceKeys } from '../../lib/services.js';
import { violatesUnique } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { templates } from '../../platform/mail/templates.js';
import type { OneTimeTokens } from '../../platform/one-time-tokens/one-time-tokens.service.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { addressKey } from '../../platform/rate-limits/address-key.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { refuseBreachedPassword } from '../auth-policy/index.js';
import { verifiedRouteOfEmail } from '../domains/index.js';
import * as users from '../users/index.js';
import { baseTenantName, firstFreeName } from './tenant-name.js';
import * as repo from './tenants.repository.js';

const VERIFY_HOURS = 48;
/** The index that keeps tenant names unique regardless of case (db/schema/tenants.ts). */
const TENANT_NAME_INDEX = 'tenants_name_lower_key';
const LINK_MESSAGES = CODE_REFUSALS.verificationLink;

type SignUp = z.output<typeof tenantSignUpSchema>;

/**
 * What a verification link answers once its organisation is active and its first user confirmed (null
 * otherwise): the success of the link's first use.
 */
async function verifiedSignUp(tenantId: string, tx: Tx, userId: string) {
  const tenant = await repo.findTenant(tenantId, tx);
  const user = await users.findUser(tenantId, tx, userId);
  if (tenant?.status !== 'active' || user?.status !== 'Confirmed') return null;
  return { tenantName: tenant.name, email: user.email };
}

export function createTenantService(deps: {
  database: Database;
  tokens: OneTimeTokens;
  limiter: RateLimiter;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The deployment's switch (BREACHED_PASSWORDS): a sign-up has no tenant policy yet. */
  refuseBreachedPasswords: boolean;
  /** SIGNUP_MODE: anything but open refuses new sign-ups (links already mailed still verify). */
  signUpMode: SignUpMode;
}) {
  const { database } = deps;
  const verifyUrl = (token: string) => `${deps.publicUrl}/tenants/verify?token=${encodeURIComponent(token)}`;

  /** The verification e-mail, written in the transaction that issues its link. */
  const queueVerification = (
    tx: Tx,
    tenantId: string,
    to: { email: string; firstName: string },
    tenantName: string,
    token: string,
  ) =>
    deps.outbox.enqueueMail(
      tx,
      {
        to: to.email,
        ...templates.verifySignUp(deps.brand, { firstName: to.firstName, tenantName, url: verifyUrl(token) }),
      },
      tenantId,
    );

  /**
   * An organization that verified the address's domain already uses the console: a colleague is
   * invited there, not given a second organization of their own. (Which domains are verified is public
   * in DNS anyway; the answer names no organization.)
   */
  async function refuseVerifiedDomain(email: string, exceptTenantId?: string) {
    const route = await database.system((tx) => verifiedRouteOfEmail(tx, email));
    if (!route || route.domain.tenantId === exceptTenantId) return;
    const message = DOMAIN_MESSAGES.signUpOnVerifiedDomain(route.domain.domain);
    throw conflict(message, { email: message });
  }

  /** A sign-up made before its domain was verified elsewhere is not activated after it either. */
  async function refuseOnVerifiedDomain(tenantId: string, userId: string) {
    const user = await database.tenant(tenantId, (tx) => users.findUser(tenantId, tx, userId));
    if (user) await refuseVerifiedDomain(user.email, tenantId);
  }

  return {
    async get(tenantId: string) {
      const tenant = await database.tenant(tenantId, (tx) => repo.findTenant(tenantId, tx));
      if (!tenant) throw notFound(NOT_FOUND.tenant);
      return { ...tenant, services: asServiceKeys(tenant.services) };
    },

    /**
     * A new organisation waiting for its e-mail to be verified, with its first user as administrator.
     * Services come from the product the visitor signed up for.
     */
    async signUp(data: SignUp, meta: RequestMeta) {
      // Before anything else: a closed sign-up costs nothing and tells nothing about the address.
      if (deps.signUpMode !== 'open') {
        throw new AppError('SIGN_UP_CLOSED', SIGN_UP_REFUSALS[deps.signUpMode]);
      }
      // First: a refused password costs the address none of its sign-ups.
      await refuseBreachedPassword(deps.refuseBreachedPasswords, data.password, 'password');
      await deps.limiter.consume(`sign-up:ip:${addressKey(meta.ip)}`, 'signUpsPerAddress');
      await refuseVerifiedDomain(data.email);
      await deps.limiter.consume(`verify-resend:email:${data.email}`, 'codeRequestsPerEmail');
      const passwordHash = await hashPassword(data.password);
      // A new sign-up of an address replaces the ones still waiting for it: their links stop working
      // and their passwords are gone, so the password of whoever proves the address is the one set
      // last by someone who could sign up with it (pre-hijack defence), and their names are free.
      await database.system(async (tx) => {
        const waiting = await users.findPendingSignUps(tx, data.email);
        await repo.deletePendingSignUps(tx, { ids: waiting.map(({ tenant }) => tenant.id) });
      });
      const base = baseTenantName(data.email);
      const taken = await database.system((tx) => repo.takenNamesLike(tx, base));
      const name = firstFreeName(base, taken);
      const tenantId = crypto.randomUUID();
      const user = await database.tenant(tenantId, async (tx) => {
        await repo.insertTenant(tx, {
          id: tenantId,
          name,
          status: 'pending',
          services: [data.application ?? 'backup'],
        });
        const user = await users.insertUser(tenantId, tx, {
          email: data.email,
          firstName: data.firstName,
          lastName: data.lastName,
          passwordHash,
          status: 'WaitConfirmation',
          isAdmin: true,
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: user.id,
          action: 'create',
          targetType: 'tenant',
          targetId: tenantId,
          targetName: name,
          after: { name, services: [data.application ?? 'backup'], administrator: data.email },
        });
        const token = await deps.tokens.issue(
          tx,
          { tenantId, userId: user.id },
          'verify-email',
          VERIFY_HOURS * 3600,
        );
        await queueVerification(tx, tenantId, user, name, token);
        return user;
      });
      deps.outbox.nudge();
      return { email: user.email };
    },

    /**
     * The verification link: activates the organisation and its first user. A link that can no longer
     * be used answers by the organisation's state: once it is active (this link was used, e.g. the page
     * is reloaded, or a newer one was) the answer is the same success, with nothing changed; while it
     * waits, a link that a newer e-mail replaced says so, and an expired one offers a new one.
     */
    async verify(token: string, meta: RequestMeta) {
      const link = await deps.tokens.inspect('verify-email', token);
      if (!link) throw new AppError('INVALID_CODE', LINK_MESSAGES.invalid);
      if (link.state !== 'usable') {
        const verified = await database.tenant(link.tenantId, (tx) =>
          verifiedSignUp(link.tenantId, tx, link.userId),
        );
        if (verified) return verified;
        throw new AppError('INVALID_CODE', LINK_MESSAGES[link.state]);
      }
      await refuseOnVerifiedDomain(link.tenantId, link.userId);
      return database.tenant(link.tenantId, async (tx) => {
        if (!(await deps.tokens.consume(tx, link))) throw new AppError('INVALID_CODE', LINK_MESSAGES.used);
        const tenant = await repo.updateTenant(link.tenantId, tx, { status: 'active' });
        // The link was mailed to the sign-up address: it is proven.
        const user = await users.updateUser(link.tenantId, tx, link.userId, {
          status: 'Confirmed',
          emailVerifiedAt: new Date(),
        });
        if (!tenant || !user) throw new AppError('INVALID_CODE', LINK_MESSAGES.invalid);
        await recordAudit(tx, meta, {
          tenantId: link.tenantId,
          actorId: link.userId,
          action: 'enable',
          targetType: 'tenant',
          targetId: link.tenantId,
          targetName: tenant.name,
          before: { status: 'pending' },
          after: { status: 'active' },
        });
        return { tenantName: tenant.name, email: user.email };
      });
    },

    /**
     * Housekeeping: sign-ups not verified within the link's 48 hours are removed, freeing their names;
     * one API process does it at a time.
     */
    async expireUnverified(): Promise<string[]> {
      return database.system(async (tx) => {
        if (!(await claimJob(tx, 'expire-unverified-sign-ups'))) return [];
        const createdBefore = new Date(Date.now() - VERIFY_HOURS * 3600 * 1000);
        return repo.deletePendingSignUps(tx, { createdBefore });
      });
    },

    /** A new link for every sign-up of this address still waiting; the same answer for unknown ones. */
    async resendVerification(email: string, meta: RequestMeta) {
      await deps.limiter.consume(`sign-up:ip:${addressKey(meta.ip)}`, 'signUpsPerAddress');
      await deps.limiter.consume(`verify-resend:email:${email}`, 'codeRequestsPerEmail');
      const pending = await database.system((tx) => users.findPendingSignUps(tx, email));
      for (const { user, tenant } of pending) {
        await database.tenant(tenant.id, async (tx) => {
          const owner = { tenantId: tenant.id, userId: user.id };
          const token = await deps.tokens.issue(tx, owner, 'verify-email', VERIFY_HOURS * 3600);
          await queueVerification(tx, tenant.id, user, tenant.name, token);
        });
      }
      deps.outbox.nudge();
    },

    async rename(actor: Actor, name: string, meta: RequestMeta) {
      const nameTaken = () => conflict(NAME_TAKEN.tenant, { name: NAME_TAKEN.tenant });
      if (await database.system((tx) => repo.tenantNameTaken(tx, name, actor.tenantId))) throw nameTaken();
      const renamed = database.tenant(actor.tenantId, async (tx) => {
        const before = await repo.findTenant(actor.tenantId, tx);
        if (!before) throw notFound(NOT_FOUND.tenant);
        const after = await repo.updateTenant(actor.tenantId, tx, { name });
        await recordAudit(tx, meta, {
          tenantId: actor.tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'tenant',
          targetId: actor.tenantId,
          targetName: name,
          before: { name: before.name },
          after: { name },
        });
        return { id: after!.id, name: after!.name };
      });
      // Another tenant took the name between the check and the write: the same answer as the check's.
      return renamed.catch((error: unknown) => {
        throw violatesUnique(error, TENANT_NAME_INDEX) ? nameTaken() : error;
      });
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
