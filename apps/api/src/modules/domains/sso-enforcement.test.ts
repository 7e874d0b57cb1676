import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  identityProviderEndpoints,
  SSO_ENFORCEMENT_MESSAGES,
  ssoEnforcementEndpoints,
  ssoStartPath,
  userEndpoints,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  call,
  cookieFrom,
  createTenantWithUser,
  lastMailTo,
  outbox,
  outboxSettled,
} from '../../../test/app.js';
import { auditEvents, tenants } from '../../db/schema/index.js';
import { createApiToken, withToken } from '../api-tokens/api-tokens.test-helpers.js';
import { currentCode } from '../mfa/totp.js';
import {
  createProvider,
  providerBody,
  signInAtProvider,
  ssoCookieFrom,
  useSsoApps,
} from '../sso/sso.test-helpers.js';
import { giveTotp, insertVerifiedDomain } from './domains.test-helpers.js';
import { localSignInVerdict } from './sso-enforcement.js';

const PASSWORD = 'Correct-horse1';

/** The page a browser lands on at the provider: its redirects followed with their cookies. */
async function providerPage(url: string): Promise<string> {
  const jar: string[] = [];
  let next = url;
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.join('; ') } });
    for (const line of res.headers.getSetCookie()) jar.push(line.split(';')[0]!);
    const location = res.headers.get('location');
    if (!location) return res.text();
    next = new URL(location, next).href;
  }
  throw new Error('the provider kept redirecting');
}
/** A domain of the test's own: a domain is verified by one tenant at a time, across the database. */
const newDomain = () => `d${randomUUID().slice(0, 8)}.example`;
let host = 0;
const browser = () => `198.51.100.${(host++ % 250) + 1}`;

describe('home-realm discovery and single sign-on enforcement', () => {
  const { idp, t, api } = useSsoApps();

  /**
   * A tenant whose administrator (boss@domain, with a password) verified `domain`, routed to one
   * provider of the stand-in; enforcement as asked, with the administrator named break-glass first.
   */
  async function tenantWithDomain(options: { enforce?: boolean; totp?: boolean } = {}) {
    const domain = newDomain();
    const admin = await createTenantWithUser(t, { email: `boss@${domain}`, password: PASSWORD });
    const providerId = await createProvider(t, admin, providerBody(idp.issuer, { buttonText: 'Acme SSO' }));
    const domainId = await insertVerifiedDomain(t, admin.tenantId, domain, { providerIds: [providerId] });
    const secret = options.totp || options.enforce ? await giveTotp(t, admin.tenantId, admin.userId) : null;
    if (options.enforce) {
      (
        await api.call(admin, ssoEnforcementEndpoints.addBreakGlass, { body: { userId: admin.userId } })
      ).result();
      (
        await api.call(admin, ssoEnforcementEndpoints.updateDomain, {
          params: { domainId },
          body: { providerIds: [providerId], enforceSso: true, apiTokensUnderEnforcement: false },
        })
      ).result();
    }
    return { domain, admin, providerId, domainId, secret };
  }

  const homeRealm = (email: string, state?: string) =>
    call(t, { method: 'POST', url: '/api/v1/auth/home-realm', payload: { email, state } });
  const login = (payload: Record<string, unknown>, path = 'login') =>
    call(t, { method: 'POST', url: `/api/v1/auth/${path}`, payload, remoteAddress: browser() });
  const eventsOf = (tenantId: string, action: string) =>
    t.database.tenant(tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.action, action as 'sign-in'))),
    );

  it('sends an address on a verified domain to its provider, with the address as login_hint, and back signed in', async () => {
    const { domain, admin, providerId } = await tenantWithDomain();
    const email = `ada@${domain}`;
    idp.setAccount({ sub: `ada-${domain}`, email, givenName: 'Ada', familyName: 'Lovelace' });
    await createTenantWithUser(t, { inTenant: admin.tenantId, email, isAdmin: false });

    const res = await homeRealm(email, '/groups');
    expect(res.statusCode).toBe(200);
    const start = `${ssoStartPath(providerId)}?${new URLSearchParams({ login_hint: email, state: '/groups' })}`;
    expect(res.json()).toEqual({
      providers: [{ id: providerId, buttonText: 'Acme SSO', buttonImageId: null, redirectUrl: start }],
    });
    // Decided by the domain only: an address nobody has gets the same providers.
    const stranger = (await homeRealm(`nobody-${randomUUID().slice(0, 6)}@${domain.toUpperCase()}`)).json();
    expect(stranger.providers.map((p: { id: string }) => p.id)).toEqual([providerId]);
    // No verified domain, no route: the e-mail code step follows.
    expect((await homeRealm(`ada@${newDomain()}`)).json()).toEqual({ providers: [] });

    const from = browser();
    const started = await t.app.inject({ method: 'GET', url: start, remoteAddress: from });
    expect(started.statusCode).toBe(302);
    const authorization = new URL(String(started.headers.location));
    expect(authorization.origin).toBe(idp.issuer);
    expect(authorization.searchParams.get('login_hint')).toBe(email);
    // The stand-in (oidc-provider) accepted the hint: its form comes prefilled with the address.
    const form = await providerPage(authorization.href);
    expect(form).toContain(`value="${email}"`);

    const back = await signInAtProvider(idp, authorization.href, email);
    const done = await t.app.inject({
      method: 'GET',
      url: back,
      remoteAddress: from,
      headers: { cookie: ssoCookieFrom(started) },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/groups');
    const session = await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(done) });
    expect(session.json()).toMatchObject({ email, tenant: { id: admin.tenantId } });
  });

  it('answers no providers for a domain that routes nowhere, a disabled provider or a suspended tenant', async () => {
    const domain = newDomain();
    const admin = await createTenantWithUser(t);
    await insertVerifiedDomain(t, admin.tenantId, domain);
    expect((await homeRealm(`x@${domain}`)).json()).toEqual({ providers: [] });

    const routed = await tenantWithDomain();
    const address = `x@${routed.domain}`;
    expect((await homeRealm(address)).json().providers).toHaveLength(1);
    const disable = identityProviderEndpoints.disable;
    (await api.call(routed.admin, disable, { params: { id: routed.providerId } })).result();
    expect((await homeRealm(address)).json()).toEqual({ providers: [] });
    (
      await api.call(routed.admin, identityProviderEndpoints.enable, { params: { id: routed.providerId } })
    ).result();
    await t.database.system((tx) =>
      tx.update(tenants).set({ status: 'suspended' }).where(eq(tenants.id, routed.admin.tenantId)),
    );
    expect((await homeRealm(address)).json()).toEqual({ providers: [] });

    const invalid = await homeRealm('not an address');
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses enforcement without a provider or a break-glass administrator, and names only administrators with a second factor', async () => {
    const { admin, domainId, providerId } = await tenantWithDomain();
    const update = (body: { providerIds: string[]; enforceSso: boolean }) =>
      api.call(admin, ssoEnforcementEndpoints.updateDomain, {
        params: { domainId },
        body: { ...body, apiTokensUnderEnforcement: false },
      });
    const noProvider = await update({ providerIds: [], enforceSso: true });
    expect(noProvider.statusCode).toBe(400);
    expect(noProvider.json().fields).toEqual({ providerIds: SSO_ENFORCEMENT_MESSAGES.needsProvider });
    const noBreakGlass = await update({ providerIds: [providerId], enforceSso: true });
    expect(noBreakGlass.statusCode).toBe(400);
    expect(noBreakGlass.json().fields).toEqual({ enforceSso: SSO_ENFORCEMENT_MESSAGES.needsBreakGlass });
    const unknown = await update({ providerIds: [randomUUID()], enforceSso: false });
    expect(unknown.json().fields).toEqual({ 'providerIds.0': SSO_ENFORCEMENT_MESSAGES.providerUnknown });

    // The administrator has no second factor yet: not a break-glass administrator.
    const add = () =>
      api.call(admin, ssoEnforcementEndpoints.addBreakGlass, { body: { userId: admin.userId } });
    const withoutFactor = await add();
    expect(withoutFactor.statusCode).toBe(400);
    expect(withoutFactor.json().fields).toEqual({ userId: SSO_ENFORCEMENT_MESSAGES.noSecondFactor });
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    await giveTotp(t, admin.tenantId, member.userId);
    const notAdmin = await api.call(admin, ssoEnforcementEndpoints.addBreakGlass, {
      body: { userId: member.userId },
    });
    expect(notAdmin.json().fields).toEqual({ userId: SSO_ENFORCEMENT_MESSAGES.notAdmin });
    await giveTotp(t, admin.tenantId, admin.userId);
    const listed = (await api.call(admin, ssoEnforcementEndpoints.listBreakGlass)).result();
    expect(listed).toEqual({
      administrators: [],
      candidates: [{ userId: admin.userId, email: admin.email, name: expect.any(String) }],
    });
    expect((await add()).statusCode).toBe(201);
    expect((await add()).statusCode).toBe(409);

    const on = (await update({ providerIds: [providerId], enforceSso: true })).result();
    expect(on).toMatchObject({ enforceSso: true, providers: [{ id: providerId, active: true }] });
    const [event] = await eventsOf(admin.tenantId, 'update-domain-sign-in');
    expect(event).toMatchObject({ actorId: admin.userId, targetType: 'domain', targetId: domainId });
    expect(event!.changes).toMatchObject({ enforceSso: { before: false, after: true } });
  });

  it('refuses password sign-in (both steps) and the e-mail code flow for a user held to single sign-on, with the providers', async () => {
    const { domain, admin, providerId } = await tenantWithDomain({ enforce: true });
    const email = `ada@${domain}`;
    await createTenantWithUser(t, { inTenant: admin.tenantId, email, isAdmin: false, password: PASSWORD });
    const body = { tenantName: admin.tenantName, email, password: PASSWORD };
    for (const path of ['pre-login', 'login']) {
      const res = await login(body, path);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'SSO_REQUIRED',
        message: ERROR_MESSAGES.SSO_REQUIRED,
        providers: [
          { id: providerId, buttonText: 'Acme SSO', redirectUrl: expect.stringContaining('login_hint=') },
        ],
      });
    }
    // A wrong password still answers as a wrong password: the refusal is for the proven owner only.
    expect((await login({ ...body, password: 'Wrong-horse1' })).json().code).toBe('INVALID_CREDENTIALS');
    const failed = await eventsOf(admin.tenantId, 'failed-sign-in');
    expect(failed.some((e) => e.targetName === email)).toBe(true);

    // The e-mail code flow: the tenant is offered with its providers instead of the password step.
    await call(t, { method: 'POST', url: '/api/v1/verification-codes', payload: { email } });
    const code = /\b(\d{6})\b/.exec((await lastMailTo(t, email)).text)![1]!;
    const verified = await call(t, {
      method: 'POST',
      url: '/api/v1/verification-codes/verify',
      payload: { email, code },
    });
    expect(verified.json()).toEqual({
      tenants: [
        {
          id: admin.tenantId,
          name: admin.tenantName,
          ssoRequired: [expect.objectContaining({ id: providerId })],
        },
      ],
    });

    // No password link is mailed either, and the answer is the same as for anyone.
    const before = outbox(t).length;
    const forgot = await call(t, {
      method: 'PATCH',
      url: '/api/v1/auth/forgot-password',
      payload: { tenantName: admin.tenantName, email },
    });
    expect(forgot.statusCode).toBe(204);
    await outboxSettled(t);
    expect(outbox(t).length).toBe(before);
  });

  it('refuses a password link mailed before enforcement was turned on', async () => {
    const { domain, admin, domainId, providerId } = await tenantWithDomain({ totp: true });
    const email = `ada@${domain}`;
    await createTenantWithUser(t, { inTenant: admin.tenantId, email, isAdmin: false, password: PASSWORD });
    const forgot = await call(t, {
      method: 'PATCH',
      url: '/api/v1/auth/forgot-password',
      payload: { tenantName: admin.tenantName, email },
    });
    expect(forgot.statusCode).toBe(204);
    const code = /code=([^\s&"]+)/.exec((await lastMailTo(t, email)).text)![1]!;
    (
      await api.call(admin, ssoEnforcementEndpoints.addBreakGlass, { body: { userId: admin.userId } })
    ).result();
    (
      await api.call(admin, ssoEnforcementEndpoints.updateDomain, {
        params: { domainId },
        body: { providerIds: [providerId], enforceSso: true, apiTokensUnderEnforcement: false },
      })
    ).result();
    const reset = await call(t, {
      method: 'PATCH',
      url: '/api/v1/auth/change-password',
      payload: { code: decodeURIComponent(code), password: 'Another-horse2' },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ code: 'SSO_REQUIRED', providers: [{ id: providerId }] });
  });

  it('lets a break-glass administrator in with password and TOTP only, audits it and e-mails the other administrators', async () => {
    const { admin, secret } = await tenantWithDomain({ enforce: true });
    const other = await createTenantWithUser(t, {
      inTenant: admin.tenantId,
      email: `ops-${randomUUID().slice(0, 6)}@other.example`,
    });
    const body = { tenantName: admin.tenantName, email: admin.email, password: PASSWORD };
    expect((await login(body, 'pre-login')).json()).toMatchObject({ isMfaEnabled: true, totp: true });
    const passwordAlone = await login(body);
    expect(passwordAlone.statusCode).toBe(400);
    expect(passwordAlone.json().code).toBe('INVALID_TOTP');
    expect(await eventsOf(admin.tenantId, 'break-glass-sign-in')).toEqual([]);

    const res = await login({ ...body, code: currentCode(secret!) });
    expect(res.statusCode).toBe(200);
    const [event] = await eventsOf(admin.tenantId, 'break-glass-sign-in');
    expect(event).toMatchObject({ actorId: admin.userId, targetId: admin.userId, method: 'password' });
    const mail = await lastMailTo(t, other.email);
    expect(mail.subject).toMatch(/Break-glass sign-in/);
    expect(mail.text).toContain(admin.email);
    expect(outbox(t).some((m) => m.to === admin.email && /Break-glass/.test(m.subject))).toBe(false);

    // The e-mail code flow leads a break-glass administrator to the password step, as anyone else.
    await call(t, { method: 'POST', url: '/api/v1/verification-codes', payload: { email: admin.email } });
    const code = /\b(\d{6})\b/.exec((await lastMailTo(t, admin.email)).text)![1]!;
    const verified = await call(t, {
      method: 'POST',
      url: '/api/v1/verification-codes/verify',
      payload: { email: admin.email, code },
    });
    expect(verified.json()).toEqual({ tenants: [{ id: admin.tenantId, name: admin.tenantName }] });
  });

  it('refuses removing, demoting, disabling or deleting the last break-glass administrator while enforcement is on', async () => {
    const { admin, domainId, providerId } = await tenantWithDomain({ enforce: true });
    const remove = (userId: string) =>
      api.call(admin, ssoEnforcementEndpoints.removeBreakGlass, { params: { userId } });
    const refused = await remove(admin.userId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SSO_ENFORCEMENT_MESSAGES.lastBreakGlass);

    // Another administrator (not break-glass) tries to demote, disable and delete the last one.
    const second = await createTenantWithUser(t, { inTenant: admin.tenantId });
    for (const body of [{ isAdmin: false }, { status: 'Disabled' as const }]) {
      const res = await api.call(second, userEndpoints.update, { params: { id: admin.userId }, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toBe(SSO_ENFORCEMENT_MESSAGES.lastBreakGlass);
    }
    const deleted = await api.call(second, userEndpoints.remove, { params: { id: admin.userId } });
    expect(deleted.statusCode).toBe(409);

    // With a second break-glass administrator the first may go; with enforcement off, the last too.
    await giveTotp(t, admin.tenantId, second.userId);
    (
      await api.call(admin, ssoEnforcementEndpoints.addBreakGlass, { body: { userId: second.userId } })
    ).result();
    expect((await remove(admin.userId)).statusCode).toBe(204);
    expect((await remove(second.userId)).statusCode).toBe(409);
    (
      await api.call(admin, ssoEnforcementEndpoints.updateDomain, {
        params: { domainId },
        body: { providerIds: [providerId], enforceSso: false, apiTokensUnderEnforcement: false },
      })
    ).result();
    expect((await remove(second.userId)).statusCode).toBe(204);
  });

  it("refuses disabling or deleting an enforced domain's last active provider, not one with another way in", async () => {
    const { admin, domain, domainId, providerId } = await tenantWithDomain({ enforce: true });
    const expected = SSO_ENFORCEMENT_MESSAGES.lastEnforcedProvider(domain);
    const disabled = await api.call(admin, identityProviderEndpoints.disable, { params: { id: providerId } });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toBe(expected);
    const deleted = await api.call(admin, identityProviderEndpoints.remove, { params: { id: providerId } });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(expected);

    // A second active provider on the domain's route: the first may be disabled, then not the second.
    const otherId = await createProvider(t, admin, providerBody(idp.issuer, { name: 'Backup SSO' }));
    (
      await api.call(admin, ssoEnforcementEndpoints.updateDomain, {
        params: { domainId },
        body: { providerIds: [providerId, otherId], enforceSso: true, apiTokensUnderEnforcement: false },
      })
    ).result();
    expect(
      (await api.call(admin, identityProviderEndpoints.disable, { params: { id: providerId } })).statusCode,
    ).toBe(200);
    expect(
      (await api.call(admin, identityProviderEndpoints.remove, { params: { id: otherId } })).statusCode,
    ).toBe(409);

    // Enforcement off: nothing holds the providers.
    (
      await api.call(admin, ssoEnforcementEndpoints.updateDomain, {
        params: { domainId },
        body: { providerIds: [otherId], enforceSso: false, apiTokensUnderEnforcement: false },
      })
    ).result();
    expect(
      (await api.call(admin, identityProviderEndpoints.remove, { params: { id: otherId } })).statusCode,
    ).toBe(204);
  });

  it("stops the API tokens of a user held to single sign-on unless the domain's policy allows them", async () => {
    const { admin, domainId, providerId, secret } = await tenantWithDomain({ totp: true });
    const token = await createApiToken(t, admin, { proof: { code: currentCode(secret!) } });
    const scim = await createApiToken(t, admin, { scope: 'scim', proof: { password: PASSWORD } });
    const list = () => withToken(t, token.token, { method: 'GET', url: '/api/v1/users' });
    expect((await list()).statusCode).toBe(200);

    (
      await api.call(admin, ssoEnforcementEndpoints.addBreakGlass, { body: { userId: admin.userId } })
    ).result();
    const set = async (apiTokensUnderEnforcement: boolean) =>
      (
        await api.call(admin, ssoEnforcementEndpoints.updateDomain, {
          params: { domainId },
          body: { providerIds: [providerId], enforceSso: true, apiTokensUnderEnforcement },
        })
      ).result();
    await set(false);
    const stopped = await list();
    expect(stopped.statusCode).toBe(401);
    expect(stopped.json().message).toBe(SSO_ENFORCEMENT_MESSAGES.apiTokenStopped);
    // The identity provider's SCIM client keeps provisioning.
    const scimCall = await withToken(t, scim.token, { method: 'GET', url: '/scim/v2/Users' });
    expect(scimCall.statusCode).toBe(200);
    await set(true);
    expect((await list()).statusCode).toBe(200);
  });

  it('refuses a passkey alone for everyone held, a break-glass administrator too', async () => {
    const { domain, admin } = await tenantWithDomain({ enforce: true });
    const verdict = (email: string, userId?: string) =>
      t.database.tenant(admin.tenantId, (tx) =>
        localSignInVerdict(tx, { tenantId: admin.tenantId, email, userId, way: 'passkey' }),
      );
    expect(await verdict(admin.email, admin.userId)).toMatchObject({ allowed: false });
    expect(await verdict(`x@${domain}`)).toMatchObject({ allowed: false });
    expect(await verdict(`x@${newDomain()}`)).toEqual({ allowed: true, breakGlass: false });
  });

  it("keeps each tenant's domains and break-glass administrators to itself", async () => {
    const mine = await tenantWithDomain({ totp: true });
    const theirs = await tenantWithDomain({ totp: true });
    const list = (await api.call(mine.admin, ssoEnforcementEndpoints.listDomains)).result();
    expect(list.domains.map((d) => d.id)).toEqual([mine.domainId]);
    const foreignDomain = await api.call(mine.admin, ssoEnforcementEndpoints.updateDomain, {
      params: { domainId: theirs.domainId },
      body: { providerIds: [], enforceSso: false, apiTokensUnderEnforcement: false },
    });
    expect(foreignDomain.statusCode).toBe(404);
    // Another tenant's provider cannot be routed to.
    const foreignProvider = await api.call(mine.admin, ssoEnforcementEndpoints.updateDomain, {
      params: { domainId: mine.domainId },
      body: { providerIds: [theirs.providerId], enforceSso: false, apiTokensUnderEnforcement: false },
    });
    expect(foreignProvider.statusCode).toBe(400);
    const foreignUser = await api.call(mine.admin, ssoEnforcementEndpoints.addBreakGlass, {
      body: { userId: theirs.admin.userId },
    });
    expect(foreignUser.statusCode).toBe(404);
    (
      await api.call(theirs.admin, ssoEnforcementEndpoints.addBreakGlass, {
        body: { userId: theirs.admin.userId },
      })
    ).result();
    const foreignRemove = await api.call(mine.admin, ssoEnforcementEndpoints.removeBreakGlass, {
      params: { userId: theirs.admin.userId },
    });
    expect(foreignRemove.statusCode).toBe(404);
    const listed = (await api.call(mine.admin, ssoEnforcementEndpoints.listBreakGlass)).result();
    expect(listed.administrators).toEqual([]);

    const member = await createTenantWithUser(t, { inTenant: mine.admin.tenantId, isAdmin: false });
    for (const [endpoint, input] of [
      [ssoEnforcementEndpoints.listDomains, {}],
      [ssoEnforcementEndpoints.listBreakGlass, {}],
      [ssoEnforcementEndpoints.addBreakGlass, { body: { userId: member.userId } }],
      [ssoEnforcementEndpoints.removeBreakGlass, { params: { userId: mine.admin.userId } }],
      [
        ssoEnforcementEndpoints.updateDomain,
        {
          params: { domainId: mine.domainId },
          body: { providerIds: [], enforceSso: false, apiTokensUnderEnforcement: false },
        },
      ],
    ] as const) {
      // biome-ignore lint/suspicious/noExplicitAny: each row's input matches its endpoint
      const res = await api.call(member, endpoint as any, input as any);
      expect(res.statusCode, endpoint.path).toBe(403);
    }
  });
});
