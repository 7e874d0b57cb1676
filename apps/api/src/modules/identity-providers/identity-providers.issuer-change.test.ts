import { identityProviderEndpoints, MESSAGES, ssoStartPath } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, cookieFrom, createTenantWithUser, type TestUser, useOpened } from '../../../test/app.js';
import type { OpenIdProvider } from '../../../test/openid-provider.js';
import { auditEvents, identityProviders, userIdentities } from '../../db/schema/index.js';
import { insertVerifiedDomain } from '../domains/domains.test-helpers.js';
import {
  createProvider,
  IDP_CLIENT_ID,
  IDP_SECRET,
  providerBody,
  signInAtProvider,
  ssoCookieFrom,
  startTestProvider,
  useSsoApps,
} from '../sso/sso.test-helpers.js';

/** Two issuers that both have an account with the subject 'shared-1', belonging to different people. */
describe('changing the issuer of an identity provider', () => {
  const { idp: oldIdp, t, api } = useSsoApps([{ sub: 'shared-1', email: 'ada@acme.example' }]);
  const newIdp = useOpened(() =>
    startTestProvider([{ sub: 'shared-1', email: 'mallory@elsewhere.example' }]),
  );

  /** Login button → the provider's form → our callback, in one browser; answers the callback's answer. */
  async function signIn(idp: OpenIdProvider, providerId: string) {
    const started = await t.app.inject({ method: 'GET', url: ssoStartPath(providerId) });
    const back = await signInAtProvider(idp, String(started.headers.location), 'shared-1');
    return t.app.inject({ method: 'GET', url: back, headers: { cookie: ssoCookieFrom(started) } });
  }
  const sessionUser = async (res: { headers: Record<string, unknown> }) =>
    (await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(res) })).json();
  const linksOf = (u: TestUser, providerId: string) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.tenantId, u.tenantId), eq(userIdentities.providerId, providerId))),
    );
  const issuerOf = async (u: TestUser, providerId: string) =>
    (
      await t.database.tenant(u.tenantId, (tx) =>
        tx.select().from(identityProviders).where(eq(identityProviders.id, providerId)),
      )
    )[0]!.issuer;

  it('asks for the client secret again, and keeps everything as it was without one', async () => {
    const admin = await createTenantWithUser(t, { email: 'ada@acme.example' });
    const id = await createProvider(t, admin, providerBody(oldIdp.issuer));
    expect((await signIn(oldIdp, id)).headers.location).toBe('/');

    const res = await api.call(admin, identityProviderEndpoints.update, {
      params: { id },
      body: {
        providerData: { clientId: IDP_CLIENT_ID, issuer: newIdp.issuer },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'providerData.clientSecret': MESSAGES.clientSecretForNewIssuer },
    });
    expect(await issuerOf(admin, id)).toBe(oldIdp.issuer);
    expect(await linksOf(admin, id)).toHaveLength(1);
    // The same issuer needs no secret: the stored one stays.
    const kept = await api.call(admin, identityProviderEndpoints.update, {
      params: { id },
      body: {
        providerData: { clientId: IDP_CLIENT_ID, issuer: oldIdp.issuer },
      },
    });
    expect(kept.statusCode).toBe(200);
    expect(await linksOf(admin, id)).toHaveLength(1);
  });

  it("forgets the old issuer's links: the same subject at the new issuer does not get the old account", async () => {
    const admin = await createTenantWithUser(t, { email: 'ada@acme.example' });
    const id = await createProvider(t, admin, providerBody(oldIdp.issuer));
    const first = await signIn(oldIdp, id);
    expect(await sessionUser(first)).toMatchObject({ id: admin.userId });
    expect(await linksOf(admin, id)).toHaveLength(1);

    const moved = await api.call(admin, identityProviderEndpoints.update, {
      params: { id },
      body: {
        providerData: { clientId: IDP_CLIENT_ID, issuer: newIdp.issuer, clientSecret: IDP_SECRET },
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(await linksOf(admin, id)).toEqual([]);
    const events = await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, admin.userId), eq(auditEvents.action, 'unlink-identity'))),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: admin.userId,
      targetType: 'user',
      changes: {
        identityProviderId: { before: id },
        subject: { before: 'shared-1' },
        issuer: { before: oldIdp.issuer },
      },
    });

    // 'shared-1' at the new issuer is someone else: a user of their own, never the administrator.
    await insertVerifiedDomain(t, admin.tenantId, 'elsewhere.example');
    const second = await signIn(newIdp, id);
    expect(second.headers.location).toBe('/');
    const someone = await sessionUser(second);
    expect(someone.id).not.toBe(admin.userId);
    expect(someone.email).toBe('mallory@elsewhere.example');
  });
});
