import {
  type Brand,
  type BreakGlassAdmin,
  type BreakGlassList,
  type DomainSignIn,
  type DomainSignInUpdate,
  type HomeRealm,
  type HomeRealmRequest,
  SSO_ENFORCEMENT_MESSAGES as M,
} from '@skyvault/contract';
import type { Database, Executor, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { templates } from '../../platform/mail/templates.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { addressKey } from '../../platform/rate-limits/address-key.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { providersByIds } from '../identity-providers/index.js';
import { findUser, listAdminRecipients, listWorkingAdmins } from '../users/index.js';
import { verifiedRouteOfEmail } from './domain-routing.js';
import * as repo from './domain-sign-in.repository.js';
import { providerChoices } from './sso-enforcement.js';

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The sign-in settings of a tenant's verified domains (providers, enforcement, API tokens), its
 * break-glass administrators, home-realm discovery, and the notice of a break-glass sign-in. Every
 * change is one transaction with its audit event; the rules that need data (a provider of the tenant, a
 * break-glass administrator before enforcement, the last one kept) are checked inside it.
 */
export function createDomainSignInService(deps: {
  database: Database;
  limiter: RateLimiter;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
  /** Whether the user has a second factor (an enabled authenticator or a passkey). */
  hasSecondFactor: (tx: Tx, tenantId: string, userId: string) => Promise<boolean>;
}) {
  const { database, limiter, outbox, brand, publicUrl, hasSecondFactor } = deps;

  async function domainsOf(tx: Tx, tenantId: string, rows: repo.VerifiedRow[]): Promise<DomainSignIn[]> {
    const routes = await repo.providerIdsOf(
      tenantId,
      tx,
      rows.map((row) => row.id),
    );
    const ids = [...new Set([...routes.values()].flat())];
    const providers = new Map((await providersByIds(tx, tenantId, ids)).map((p) => [p.id, p]));
    return rows.map((row) => ({
      id: row.id,
      domain: row.domain,
      providers: (routes.get(row.id) ?? []).flatMap((id) => {
        const provider = providers.get(id);
        return provider ? [{ id, name: provider.name, active: provider.active }] : [];
      }),
      enforceSso: row.enforceSso,
      apiTokensUnderEnforcement: row.apiTokensUnderEnforcement,
    }));
  }

  async function breakGlassRow(
    tx: Tx,
    tenantId: string,
    row: repo.BreakGlassRow,
  ): Promise<BreakGlassAdmin | null> {
    const user = await findUser(tenantId, tx, row.userId);
    if (!user) return null;
    return {
      userId: user.id,
      email: user.email,
      name: fullName(user),
      hasSecondFactor: await hasSecondFactor(tx, tenantId, user.id),
      addedAt: iso(row.createdAt),
    };
  }

  return {
    listDomains: (actor: Actor) =>
      database.tenant(actor.tenantId, async (tx) => ({
        domains: await domainsOf(tx, actor.tenantId, await repo.listVerifiedDomains(actor.tenantId, tx)),
      })),

    updateDomain: (actor: Actor, meta: RequestMeta, domainId: string, input: DomainSignInUpdate) =>
      database.tenant(actor.tenantId, async (tx) => {
        const { tenantId } = actor;
        const before = await repo.lockVerifiedDomain(tenantId, tx, domainId);
        if (!before) throw notFound();
        const providers = await providersByIds(tx, tenantId, input.providerIds);
        const known = new Set(providers.filter((p) => p.active).map((p) => p.id));
        const unknown = input.providerIds.findIndex((id) => !known.has(id));
        if (unknown >= 0) throw invalidField(`providerIds.${unknown}`, M.providerUnknown);
        if (input.enforceSso && input.providerIds.length === 0) {
          throw invalidField('providerIds', M.needsProvider);
        }
        // Taken under the break-glass rows' lock, so a removal running at the same time sees this.
        if (input.enforceSso && (await repo.lockBreakGlass(tenantId, tx)).length === 0) {
          throw invalidField('enforceSso', M.needsBreakGlass);
        }
        const beforeIds = (await repo.providerIdsOf(tenantId, tx, [domainId])).get(domainId) ?? [];
        await repo.setDomainSignIn(tenantId, tx, domainId, input);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'update-domain-sign-in',
          targetType: 'domain',
          targetId: domainId,
          targetName: before.domain,
          // The trail masks fields whose names say "token"; this one is a switch, not a secret.
          before: {
            providerIds: beforeIds,
            enforceSso: before.enforceSso,
            apiAccessUnderEnforcement: before.apiTokensUnderEnforcement,
          },
          after: {
            providerIds: input.providerIds,
            enforceSso: input.enforceSso,
            apiAccessUnderEnforcement: input.apiTokensUnderEnforcement,
          },
        });
        const after = await repo.lockVerifiedDomain(tenantId, tx, domainId);
        const [answer] = await domainsOf(tx, tenantId, [after!]);
        return answer!;
      }),

    listBreakGlass: (actor: Actor): Promise<BreakGlassList> =>
      database.tenant(actor.tenantId, async (tx) => {
        const { tenantId } = actor;
        const rows = await repo.listBreakGlass(tenantId, tx);
        const administrators = (
          await Promise.all(rows.map((row) => breakGlassRow(tx, tenantId, row)))
        ).filter((row): row is BreakGlassAdmin => row !== null);
        const named = new Set(rows.map((row) => row.userId));
        const candidates = [];
        for (const admin of await listWorkingAdmins(tenantId, tx)) {
          if (named.has(admin.id) || !(await hasSecondFactor(tx, tenantId, admin.id))) continue;
          candidates.push({ userId: admin.id, email: admin.email, name: fullName(admin) });
        }
        return { administrators, candidates };
      }),

    addBreakGlass: (actor: Actor, meta: RequestMeta, userId: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        const { tenantId } = actor;
        const user = await findUser(tenantId, tx, userId);
        if (!user) throw notFound();
        const working = user.isAdmin && (user.status === 'Confirmed' || user.status === 'ForceResetPassword');
        if (!working) throw invalidField('userId', M.notAdmin);
        if (!(await hasSecondFactor(tx, tenantId, userId))) throw invalidField('userId', M.noSecondFactor);
        const row = await repo.insertBreakGlass(tenantId, tx, userId, actor.userId);
        if (!row) throw conflict(M.alreadyNamed, { userId: M.alreadyNamed });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'add-break-glass-admin',
          targetType: 'user',
          targetId: userId,
          targetName: user.email,
        });
        return (await breakGlassRow(tx, tenantId, row))!;
      }),

    removeBreakGlass: (actor: Actor, meta: RequestMeta, userId: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        const { tenantId } = actor;
        const user = await findUser(tenantId, tx, userId);
        const named = await repo.lockBreakGlass(tenantId, tx);
        if (!user || !named.includes(userId)) throw notFound();
        await assertKeepsBreakGlass(tx, tenantId, userId);
        await repo.deleteBreakGlass(tenantId, tx, userId);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'remove-break-glass-admin',
          targetType: 'user',
          targetId: userId,
          targetName: user.email,
        });
      }),

    /**
     * Home-realm discovery. The answer depends on the address's domain only (its tenant, its routing),
     * never on whether the address has an account, so it tells a prober nothing about people. Limited per
     * client address like the login buttons, which also name providers.
     */
    async homeRealm(input: HomeRealmRequest, meta: RequestMeta): Promise<HomeRealm> {
      await limiter.consume(`sso:ip:${addressKey(meta.ip)}`, 'ssoStartsPerAddress');
      const providers = await database.system(async (tx) => {
        const route = await verifiedRouteOfEmail(tx, input.email);
        if (!route || route.providerIds.length === 0) return [];
        if (!(await repo.tenantActive(tx, route.domain.tenantId))) return [];
        return providerChoices(tx, route.domain.tenantId, route.providerIds, {
          loginHint: input.email,
          state: input.state,
        });
      });
      return { providers };
    },

    /**
     * A break-glass administrator signed in: its own audit event, and an e-mail to each of the tenant's
     * other administrators, committed together (the outbox sends once it commits).
     */
    async breakGlassSignedIn(
      who: { tenantId: string; userId: string; email: string; name: string },
      meta: RequestMeta,
    ) {
      await database.tenant(who.tenantId, async (tx) => {
        await recordAudit(tx, meta, {
          tenantId: who.tenantId,
          actorId: who.userId,
          action: 'break-glass-sign-in',
          method: 'password',
          targetType: 'user',
          targetId: who.userId,
          targetName: who.email,
        });
        const others = (await listAdminRecipients(who.tenantId, tx)).filter(
          (admin) => admin.email.toLowerCase() !== who.email.toLowerCase(),
        );
        for (const admin of others) {
          const message = templates.breakGlassSignIn(brand, {
            firstName: admin.firstName,
            tenantName: admin.tenantName,
            who: `${who.name} (${who.email})`,
            ip: meta.ip,
            at: new Date().toISOString(),
            url: `${publicUrl}/audit-log`,
          });
          await outbox.enqueueMail(tx, { to: admin.email, ...message }, who.tenantId);
        }
      });
      outbox.nudge();
    },
  };
}

/**
 * Refuses (409) to take away the tenant's last break-glass administrator while any of its verified
 * domains enforces single sign-on: removing them from the list, or demoting, disabling or deleting
 * them (the users module asks this in its own transaction). Nothing to say for anyone else.
 */
export async function assertKeepsBreakGlass(tx: Executor, tenantId: string, userId: string) {
  const named = await repo.lockBreakGlass(tenantId, tx);
  if (!named.includes(userId) || named.some((id) => id !== userId)) return;
  if (await repo.enforcesAnywhere(tenantId, tx)) throw conflict(M.lastBreakGlass);
}

export type DomainSignInService = ReturnType<typeof createDomainSignInService>;

/**
 * A provider that is the last active way in for a domain enforcing single sign-on may not be disabled or
 * deleted: its users would be locked out but for the break-glass administrators. The domains are locked
 * for the caller's transaction, so a concurrent change of their routing waits for it.
 */
export async function assertKeepsEnforcedRoute(tx: Executor, tenantId: string, providerId: string) {
  for (const route of await repo.enforcedRoutesThrough(tenantId, tx, providerId)) {
    const others = route.providerIds.filter((id) => id !== providerId);
    const active = (await providersByIds(tx, tenantId, others)).some((provider) => provider.active);
    if (!active) throw conflict(M.lastEnforcedProvider(route.domain));
  }
}
