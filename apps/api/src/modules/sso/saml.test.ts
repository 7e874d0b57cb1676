import {
  identityProviderEndpoints,
  SAML_MESSAGES,
  samlEndpoints,
  samlMetadataPath,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  captureLog,
  cookieFrom,
  createTenantWithUser,
  type TestUser,
  useOpened,
  useTestApp,
} from '../../../test/app.js';
import { startSamlIdp } from '../../../test/saml-idp.js';
import { auditEvents, samlAssertionsSeen, users, verifiedDomains } from '../../db/schema/index.js';
import { insertVerifiedDomain } from '../domains/domains.test-helpers.js';
import {
  createSamlProvider,
  formFields,
  postToAcs,
  samlCookieFrom,
  signInAtSamlIdp,
  startSaml,
} from './saml.test-helpers.js';
import { createSsoTestApp, locationOf, PUBLIC_URL } from './sso.test-helpers.js';

/** The people the IdP signs in live here. */
const PEOPLE_DOMAIN = 'acme.example';
const SSO_FAILED_PAGE = /^\/auth\/login\?ssoError=SSO_FAILED/;

describe('SAML 2.0 sign-in against a real IdP (samlify)', () => {
  const idp = useOpened(() => startSamlIdp());
  const log = captureLog();
  const t = useTestApp(() => createSsoTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream }));
  const api = apiCaller(t);
  let n = 0;
  const person = async (extra: Partial<{ groups: string[] }> = {}) => {
    n += 1;
    const account = {
      email: `ada${n}-${Date.now().toString(36)}@${PEOPLE_DOMAIN}`,
      firstName: 'Ada',
      lastName: `Lovelace ${n}`,
      ...extra,
    };
    await idp.addAccounts([account]);
    return account;
  };
  const sessionOf = async (res: { headers: Record<string, unknown> }) =>
    (await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(res) })).json();
  const usersNamed = (u: TestUser, email: string) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(users)
        .where(and(eq(users.tenantId, u.tenantId), eq(users.email, email))),
    );

  /**
   * A SAML provider of the admin's tenant, which verified the people's domain: single sign-on creates
   * users only on the tenant's verified domains.
   */
  const samlProviderOf = async (admin: TestUser, data?: Parameters<typeof createSamlProvider>[3]) => {
    await insertVerifiedDomain(t, admin.tenantId, PEOPLE_DOMAIN);
    return createSamlProvider(t, admin, idp, data);
  };

  /** The whole round trip in one browser: start, the IdP's form, the POST to our ACS. */
  async function roundTrip(
    providerId: string,
    login: string,
    options: Parameters<typeof signInAtSamlIdp>[2] = {},
  ) {
    const started = await startSaml(t, providerId);
    const fields = await signInAtSamlIdp(started.location, login, options);
    return {
      started,
      fields,
      res: await postToAcs(t, providerId, fields, { cookie: started.browserCookie }),
    };
  }

  it('reads the metadata, publishes our SP metadata and answers the provider with both sides', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    expect(provider.type).toBe('Saml');
    if (provider.type !== 'Saml') return;
    expect(provider.providerData).toMatchObject({
      idpEntityId: idp.metadataUrl,
      ssoUrl: `${idp.base}/sso`,
      ssoBinding: 'Redirect',
      emailAttribute: 'email',
      clockSkewSeconds: 60,
      wantAssertionsSigned: true,
      allowIdpInitiated: false,
      sp: {
        entityId: `${PUBLIC_URL}${samlMetadataPath(provider.id)}`,
        acsUrl: `${PUBLIC_URL}/api/v1/sso/saml/${provider.id}/acs`,
      },
    });
    expect(provider.providerData.certificates).toHaveLength(1);
    const [created] = await t.database.tenant(admin.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, provider.id), eq(auditEvents.action, 'create'))),
    );
    expect(created?.changes).toMatchObject({
      type: { after: 'Saml' },
      idpEntityId: { after: idp.metadataUrl },
      emailAttribute: { after: 'email' },
    });
    expect(Date.parse(provider.providerData.certificateNotAfter!)).toBeGreaterThan(Date.now());
    // The credentials end with the signing certificate: the expiry warnings count down to it.
    expect(provider.credentialsExpireAt).toBe(provider.providerData.certificateNotAfter);
    const metadata = await t.app.inject({ method: 'GET', url: samlMetadataPath(provider.id) });
    expect(metadata.body).toContain(`entityID="${provider.providerData.sp.entityId}"`);
    expect(metadata.body).toContain(`Location="${provider.providerData.sp.acsUrl}"`);
    expect(metadata.body).toContain('X509Certificate');
    expect(metadata.body).not.toContain('PRIVATE KEY');
    // The list answers it as SAML too; another id has no SP metadata.
    const list = (await api.call(admin, identityProviderEndpoints.list)).result();
    expect(list.identityProviders.map((p) => p.type)).toEqual(['Saml']);
    const unknown = await t.app.inject({ method: 'GET', url: samlMetadataPath(crypto.randomUUID()) });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses metadata that is not an IdP’s, at its field', async () => {
    const admin = await createTenantWithUser(t);
    const res = await api.call(admin, identityProviderEndpoints.create, {
      body: { name: 'Broken', type: 'Saml', buttonText: '', providerData: { metadataXml: '<html></html>' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'providerData.metadataXml': SAML_MESSAGES.metadataInvalid });
    const none = await api.call(admin, identityProviderEndpoints.create, {
      body: { name: 'Empty', type: 'Saml', buttonText: '', providerData: {} },
    });
    expect(none.json().fields).toEqual({ 'providerData.metadataXml': SAML_MESSAGES.metadataRequired });
    // By URL: fetched through the outbound guard (loopback allowed in these tests).
    const byUrl = await api.call(admin, identityProviderEndpoints.create, {
      body: { name: 'By URL', type: 'Saml', buttonText: '', providerData: { metadataUrl: idp.metadataUrl } },
    });
    expect(byUrl.statusCode).toBe(201);
  });

  it('signs a new person in end to end, with the names of the attributes, and the same user the next time', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    const ada = await person();
    const { res } = await roundTrip(provider.id, ada.email);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const session = await sessionOf(res);
    expect(session).toMatchObject({ email: ada.email, firstName: 'Ada', lastName: ada.lastName });
    const again = await roundTrip(provider.id, ada.email);
    expect((await sessionOf(again.res)).id).toBe(session.id);
    expect(await usersNamed(admin, ada.email)).toHaveLength(1);
  });

  it('links an existing user by address only on a domain the tenant verified', async () => {
    const domain = `verified-${Date.now().toString(36)}.example`;
    const admin = await createTenantWithUser(t, { email: `admin@${domain}` });
    const provider = await samlProviderOf(admin);
    await idp.addAccounts([{ email: admin.email, firstName: 'Ada', lastName: 'Admin' }]);
    // Not verified yet: the IdP's word alone does not hand over the administrator's account.
    const refused = await roundTrip(provider.id, admin.email);
    expect(refused.res.headers.location).toMatch(SSO_FAILED_PAGE);
    await t.database.tenant(admin.tenantId, (tx) =>
      tx.insert(verifiedDomains).values({
        tenantId: admin.tenantId,
        domain,
        status: 'Verified',
        txtValue: 'skyvault-verification=test',
        verifiedAt: new Date(),
      }),
    );
    const linked = await roundTrip(provider.id, admin.email);
    expect(linked.res.headers.location).toBe('/');
    expect((await sessionOf(linked.res)).id).toBe(admin.userId);
  });

  it('takes an encrypted assertion, decrypted with the provider’s own SP key', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    const ada = await person();
    const { fields, res } = await roundTrip(provider.id, ada.email, { encrypt: true });
    expect(Buffer.from(fields.SAMLResponse!, 'base64').toString()).toContain('EncryptedAssertion');
    expect(res.headers.location).toBe('/');
    expect((await sessionOf(res)).email).toBe(ada.email);
  });

  it('refuses an unsigned assertion, a wrong audience and an expired assertion', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    const ada = await person();
    for (const scenario of ['unsigned', 'wrong-audience', 'expired'] as const) {
      const { res } = await roundTrip(provider.id, ada.email, { scenario });
      expect(res.headers.location, scenario).toMatch(SSO_FAILED_PAGE);
      expect(res.headers['set-cookie'] ?? '', scenario).not.toContain('skyvault_session');
    }
    expect(await usersNamed(admin, ada.email)).toEqual([]);
    expect(log.text()).toContain('Invalid signature');
    expect(log.text()).toContain('SAML assertion audience mismatch');
    expect(log.text()).toContain('No valid subject confirmation found');
  });

  it('refuses an XML signature wrapping of a signed assertion', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    const ada = await person();
    const started = await startSaml(t, provider.id);
    const fields = await signInAtSamlIdp(started.location, ada.email);
    const xml = Buffer.from(fields.SAMLResponse!, 'base64').toString('utf8');
    const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
    // The attacker's assertion in the signed one's place, the signed one hidden inside it (XSW).
    const evil = signed
      .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
      .replace(/ID="([^"]+)"/, 'ID="$1-evil"')
      .replaceAll(ada.email, 'mallory@acme.example')
      .replace('</saml:Subject>', `</saml:Subject><saml:Advice>${signed}</saml:Advice>`);
    const wrapped = xml.replace(signed, evil);
    const res = await postToAcs(
      t,
      provider.id,
      { SAMLResponse: Buffer.from(wrapped).toString('base64') },
      { cookie: started.browserCookie },
    );
    expect(res.headers.location).toMatch(SSO_FAILED_PAGE);
    expect(await usersNamed(admin, 'mallory@acme.example')).toEqual([]);
  });

  it('refuses an answer to a request that another browser started', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    const ada = await person();
    const victim = await startSaml(t, provider.id);
    const attacker = await startSaml(t, provider.id);
    const fields = await signInAtSamlIdp(attacker.location, ada.email);
    const res = await postToAcs(t, provider.id, fields, { cookie: victim.browserCookie });
    expect(res.headers.location).toMatch(SSO_FAILED_PAGE);
    expect(log.text()).toContain('the sign-in was started in another browser');
    // Without any cookie (a SameSite=Lax one would not come on the cross-site POST) it is refused as well.
    const other = await startSaml(t, provider.id);
    const bare = await postToAcs(t, provider.id, await signInAtSamlIdp(other.location, ada.email));
    expect(bare.headers.location).toMatch(SSO_FAILED_PAGE);
  });

  it('posts the AuthnRequest from a page of its own to an IdP that takes HTTP-POST only', async () => {
    const admin = await createTenantWithUser(t);
    const postOnly = (await idp.metadata()).replace(
      /<SingleSignOnService[^>]*HTTP-Redirect[^>]*>(<\/SingleSignOnService>)?/,
      '',
    );
    expect(postOnly).not.toContain('HTTP-Redirect');
    await insertVerifiedDomain(t, admin.tenantId, PEOPLE_DOMAIN);
    const created = (
      await api.call(admin, identityProviderEndpoints.create, {
        body: { name: 'POST only', type: 'Saml', buttonText: '', providerData: { metadataXml: postOnly } },
      })
    ).result();
    expect(created.providerData).toMatchObject({ ssoBinding: 'Post' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/sso/${created.id}/start` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain(`form-action ${idp.base}`);
    expect(res.body).toContain(`action="${idp.base}/sso"`);
    const fields = formFields(res.body);
    const request = Buffer.from(fields.SAMLRequest!, 'base64').toString('utf8');
    expect(request).toContain('AuthnRequest');
    expect(request).toContain(`/api/v1/sso/saml/${created.id}/acs`);
    // The IdP takes it, and its answer signs the person in like any other.
    const ada = await person();
    await idp.registerSp((await t.app.inject({ method: 'GET', url: samlMetadataPath(created.id) })).body);
    const answer = await signInAtSamlIdp(`${idp.base}/sso`, ada.email, { post: fields });
    const acs = await postToAcs(t, created.id, answer, { cookie: samlCookieFrom(res) });
    expect(acs.headers.location).toBe('/');
    expect((await sessionOf(acs)).email).toBe(ada.email);
  });

  it('sets the browser key as SameSite=None; Secure, so that the IdP’s cross-site POST carries it', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/sso/${provider.id}/start` });
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('__Host-skyvault_saml='));
    expect(cookie).toMatch(/SameSite=None/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(samlCookieFrom(res)).toMatch(/^__Host-skyvault_saml=/);
  });

  it('sends the person back only to our own paths, whatever the RelayState says', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin, { allowIdpInitiated: true });
    const ada = await person();
    // SP-initiated: the state's target; a RelayState posted with the answer is not taken.
    const started = await startSaml(t, provider.id, { query: '?state=%2Fusers' });
    const fields = await signInAtSamlIdp(started.location, ada.email);
    const res = await postToAcs(
      t,
      provider.id,
      { ...fields, RelayState: 'https://evil.example/' },
      {
        cookie: started.browserCookie,
      },
    );
    expect(res.headers.location).toBe('/users');
    // IdP-initiated: another site's RelayState lands on the console's root, our own path is kept.
    const initiate = async (relayState: string) => {
      const page = await fetch(
        `${idp.base}/initiate?${new URLSearchParams({ sp: `${PUBLIC_URL}${samlMetadataPath(provider.id)}`, login: ada.email, RelayState: relayState })}`,
      );
      return postToAcs(t, provider.id, formFields(await page.text()));
    };
    expect((await initiate('https://evil.example/')).headers.location).toBe('/');
    expect((await initiate('//evil.example/x')).headers.location).toBe('/');
    expect((await initiate('/groups')).headers.location).toBe('/groups');
  });

  it('refuses IdP-initiated sign-in unless the administrator turned it on', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    const ada = await person();
    const page = await fetch(
      `${idp.base}/initiate?${new URLSearchParams({ sp: `${PUBLIC_URL}${samlMetadataPath(provider.id)}`, login: ada.email })}`,
    );
    const res = await postToAcs(t, provider.id, formFields(await page.text()));
    expect(res.headers.location).toMatch(SSO_FAILED_PAGE);
    expect(log.text()).toContain('InResponseTo is missing from response');
  });

  it('accepts each assertion once, also when the replay goes to another API process', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin, { allowIdpInitiated: true });
    const ada = await person();
    const page = await fetch(
      `${idp.base}/initiate?${new URLSearchParams({ sp: `${PUBLIC_URL}${samlMetadataPath(provider.id)}`, login: ada.email })}`,
    );
    const fields = formFields(await page.text());
    const first = await postToAcs(t, provider.id, fields);
    expect(first.headers.location).toBe('/');
    const seen = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(samlAssertionsSeen).where(eq(samlAssertionsSeen.providerId, provider.id)),
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const secondLog = captureLog();
    const second = await createSsoTestApp(
      { LOG_LEVEL: 'info' },
      { database: t.database, keepDatabase: true, logStream: secondLog.stream },
    );
    try {
      const replay = await postToAcs(second, provider.id, fields);
      expect(replay.headers.location).toMatch(SSO_FAILED_PAGE);
      expect(replay.headers['set-cookie'] ?? '').not.toContain('skyvault_session');
      expect(secondLog.text()).toContain('assertion already used');
    } finally {
      await second.close();
    }
  });

  it('shows a test sign-in’s attributes to the administrator, without signing anyone in', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    const ada = await person({ groups: ['sf-backup-admins', 'staff'] });
    const started = await startSaml(t, provider.id, { query: '?mode=test', cookie: admin.cookie });
    const fields = await signInAtSamlIdp(started.location, ada.email);
    const res = await postToAcs(t, provider.id, fields, { cookie: started.browserCookie });
    const landed = locationOf(res);
    const match = /^\/identity-providers\/([^/]+)\/test-sign-in\/([^/]+)$/.exec(landed.pathname);
    expect(match?.[1]).toBe(provider.id);
    expect(res.headers['set-cookie'] ?? '').not.toContain('skyvault_session');
    const result = (
      await api.call(admin, samlEndpoints.testResult, { params: { id: provider.id, resultId: match![2]! } })
    ).result();
    expect(result).toMatchObject({
      valid: true,
      error: null,
      nameId: ada.email,
      email: ada.email,
      firstName: 'Ada',
      lastName: ada.lastName,
      attributes: { email: ada.email, groups: ['sf-backup-admins', 'staff'] },
    });
    expect(await usersNamed(admin, ada.email)).toEqual([]);

    // A failed test shows why.
    const failing = await startSaml(t, provider.id, { query: '?mode=test', cookie: admin.cookie });
    const bad = await postToAcs(
      t,
      provider.id,
      await signInAtSamlIdp(failing.location, ada.email, { scenario: 'wrong-audience' }),
      { cookie: failing.browserCookie },
    );
    const badId = locationOf(bad).pathname.split('/').at(-1)!;
    const badResult = (
      await api.call(admin, samlEndpoints.testResult, { params: { id: provider.id, resultId: badId } })
    ).result();
    expect(badResult.valid).toBe(false);
    expect(badResult.error).toContain('audience');

    // Only an administrator of the tenant reads it; another tenant's administrator gets 404.
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const forbidden = await api.call(member, samlEndpoints.testResult, {
      params: { id: provider.id, resultId: match![2]! },
    });
    expect(forbidden.statusCode).toBe(403);
    const stranger = await createTenantWithUser(t);
    const hidden = await api.call(stranger, samlEndpoints.testResult, {
      params: { id: provider.id, resultId: match![2]! },
    });
    expect(hidden.statusCode).toBe(404);
    // A test start without an administrator's session is refused before the IdP.
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sso/${provider.id}/start?mode=test`,
    });
    expect(String(anonymous.headers.location)).toMatch(SSO_FAILED_PAGE);
    const byMember = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sso/${provider.id}/start?mode=test`,
      headers: { cookie: member.cookie },
    });
    expect(String(byMember.headers.location)).toMatch(SSO_FAILED_PAGE);
  });

  it('keeps the SP private key sealed and the provider of another tenant out of reach', async () => {
    const admin = await createTenantWithUser(t);
    const provider = await samlProviderOf(admin);
    const answer = await api.call(admin, identityProviderEndpoints.get, { params: { id: provider.id } });
    expect(answer.body).not.toContain('PRIVATE KEY');
    const stranger = await createTenantWithUser(t);
    expect(
      (await api.call(stranger, identityProviderEndpoints.get, { params: { id: provider.id } })).statusCode,
    ).toBe(404);
    const patched = await api.call(admin, identityProviderEndpoints.update, {
      params: { id: provider.id },
      body: { type: 'Saml', providerData: { clockSkewSeconds: 120, emailAttribute: '' } },
    });
    expect(patched.result()).toMatchObject({
      type: 'Saml',
      providerData: { clockSkewSeconds: 120, emailAttribute: '' },
    });
    const asOpenId = await api.call(admin, identityProviderEndpoints.update, {
      params: { id: provider.id },
      body: { providerData: { clientId: 'x', issuer: 'https://idp.example.com' } },
    });
    expect(asOpenId.json().fields).toEqual({ type: SAML_MESSAGES.typeChange });
  });
});
