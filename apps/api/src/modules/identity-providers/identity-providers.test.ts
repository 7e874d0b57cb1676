import { PassThrough } from 'node:stream';
import { MESSAGES } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenantWithUser, type TestApp, type TestUser } from '../../../test/app.js';
import type { OpenIdProvider } from '../../../test/openid-provider.js';
import { auditEvents, icons, identityProviders } from '../../db/schema/index.js';
import { sealedAt } from '../../lib/sealed-at.js';
import { REDACTED } from '../audit/audit.service.js';
import { createGroup, insertRole } from '../groups/groups.test-helpers.js';
import { ISSUER_MESSAGES } from '../sso/issuers.js';
import {
  apiAs,
  createProvider,
  createSsoTestApp,
  IDP_SECRET,
  providerBody,
  startTestProvider,
} from '../sso/sso.test-helpers.js';
import { PROVIDER_NAME_TAKEN } from './identity-providers.service.js';

describe('identity providers', () => {
  let idp: OpenIdProvider;
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let logs = '';
  beforeAll(async () => {
    idp = await startTestProvider();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      logs += chunk.toString('utf8');
    });
    t = await createSsoTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
    api = apiAs(t);
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => providerBody(idp.issuer, overrides);
  const stored = async (u: TestUser, id: string) => {
    const [row] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(identityProviders).where(eq(identityProviders.id, id)),
    );
    return row!;
  };
  const insertIcon = async (u: TestUser) => {
    const [row] = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .insert(icons)
        .values({ tenantId: u.tenantId, fileName: 'logo.svg', svg: '<svg></svg>' })
        .returning({ id: icons.id }),
    );
    return row!.id;
  };
  const groupOf = async (u: TestUser, name = 'SSO users') =>
    createGroup(t, u, { name, roleId: await insertRole(t, u.tenantId, `${name} role`) });

  it('creates, reads, lists, edits, disables, enables and deletes a provider', async () => {
    const u = await createTenantWithUser(t);
    const groupId = await groupOf(u);
    const iconId = await insertIcon(u);
    const created = await api(
      u,
      'POST',
      '/api/v1/identity-providers',
      body({ buttonImageId: iconId, defaultGroupId: groupId }),
    );
    expect(created.statusCode).toBe(201);
    const provider = created.json();
    expect(provider).toEqual({
      id: expect.any(String),
      name: 'Acme Login',
      type: 'OpenId',
      active: true,
      buttonText: 'Connect Acme Login',
      buttonImageId: iconId,
      defaultGroupId: groupId,
      providerData: { clientId: 'skyvault-console', issuer: idp.issuer },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const read = await api(u, 'GET', `/api/v1/identity-providers/${provider.id}`);
    expect(read.json()).toEqual(provider);
    const list = await api(u, 'GET', '/api/v1/identity-providers');
    expect(list.json()).toEqual({ identityProviders: [provider], total: 1 });

    const edited = await api(u, 'PATCH', `/api/v1/identity-providers/${provider.id}`, {
      name: 'Acme Staff',
      buttonText: 'Sign in with Acme',
      defaultGroupId: null,
      buttonImageId: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Acme Staff',
      buttonText: 'Sign in with Acme',
      defaultGroupId: null,
      buttonImageId: null,
    });
    // Left out, the button text stays; emptied, it is 'Connect' and the name again.
    const renamed = await api(u, 'PATCH', `/api/v1/identity-providers/${provider.id}`, {
      name: 'Acme People',
    });
    expect(renamed.json().buttonText).toBe('Sign in with Acme');
    const emptied = await api(u, 'PATCH', `/api/v1/identity-providers/${provider.id}`, { buttonText: '' });
    expect(emptied.json().buttonText).toBe('Connect Acme People');

    const disabled = await api(u, 'PATCH', `/api/v1/identity-providers/${provider.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().active).toBe(false);
    const enabled = await api(u, 'PATCH', `/api/v1/identity-providers/${provider.id}/enable`);
    expect(enabled.json().active).toBe(true);

    expect((await api(u, 'DELETE', `/api/v1/identity-providers/${provider.id}`)).statusCode).toBe(204);
    expect((await api(u, 'GET', `/api/v1/identity-providers/${provider.id}`)).statusCode).toBe(404);
    expect((await api(u, 'GET', '/api/v1/identity-providers')).json()).toEqual({
      identityProviders: [],
      total: 0,
    });

    const actions = await t.database.tenant(u.tenantId, (tx) =>
      tx
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.targetId, provider.id)),
    );
    expect(actions.map((a) => a.action).sort()).toEqual(
      ['create', 'delete', 'disable', 'enable', 'update', 'update', 'update'].sort(),
    );
  });

  it('keeps the client secret sealed, never answers or logs it, and audits it redacted', async () => {
    const u = await createTenantWithUser(t);
    const id = await createProvider(t, u, body());
    const row = await stored(u, id);
    expect(row.clientSecret).not.toContain(IDP_SECRET);
    expect(
      t.app.services.secrets.open(sealedAt.identityProviderClientSecret(u.tenantId, id), row.clientSecret),
    ).toBe(IDP_SECRET);

    // A PATCH without the secret keeps it; with one, replaces it.
    const kept = await api(u, 'PATCH', `/api/v1/identity-providers/${id}`, {
      providerData: { clientId: 'renamed-client', issuer: idp.issuer },
    });
    expect(kept.json().providerData).toEqual({ clientId: 'renamed-client', issuer: idp.issuer });
    expect(
      t.app.services.secrets.open(
        sealedAt.identityProviderClientSecret(u.tenantId, id),
        (await stored(u, id)).clientSecret,
      ),
    ).toBe(IDP_SECRET);
    const replaced = 'another-SECRET-0123456789';
    await api(u, 'PATCH', `/api/v1/identity-providers/${id}`, {
      providerData: { clientId: 'renamed-client', clientSecret: replaced, issuer: idp.issuer },
    });
    expect(
      t.app.services.secrets.open(
        sealedAt.identityProviderClientSecret(u.tenantId, id),
        (await stored(u, id)).clientSecret,
      ),
    ).toBe(replaced);

    const answers = [
      await api(u, 'GET', `/api/v1/identity-providers/${id}`),
      await api(u, 'GET', '/api/v1/identity-providers'),
    ];
    for (const res of answers) {
      expect(res.body).not.toContain(IDP_SECRET);
      expect(res.body).not.toContain(replaced);
      expect(res.body).not.toContain('clientSecret');
    }
    const events = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, id)),
    );
    expect(events.find((e) => e.action === 'create')?.changes).toMatchObject({
      name: { after: 'Acme Login' },
      clientSecret: { after: REDACTED },
    });
    expect(JSON.stringify(events)).not.toContain(IDP_SECRET);
    expect(JSON.stringify(events)).not.toContain(replaced);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(IDP_SECRET);
    expect(logs).not.toContain(replaced);
  });

  it('reports each rule of the form with its message', async () => {
    const u = await createTenantWithUser(t);
    const post = (payload: object) => api(u, 'POST', '/api/v1/identity-providers', payload);
    const empty = await post({ providerData: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        name: 'Name is required',
        type: 'Connection method is required',
        'providerData.clientId': 'Value must be set!',
        'providerData.clientSecret': 'Value must be set!',
        'providerData.issuer': 'Value must be set!',
      },
    });
    const blanks = await post(
      body({ name: '   ', providerData: { clientId: ' ', clientSecret: '', issuer: ' ' } }),
    );
    expect(blanks.json().fields).toEqual({
      name: 'Name is required',
      'providerData.clientId': 'Value must be set!',
      'providerData.clientSecret': 'Value must be set!',
      'providerData.issuer': 'Value must be set!',
    });
    const cases: [object, string, string][] = [
      [body({ name: 'a'.repeat(65) }), 'name', 'Name should have less than 64 symbols'],
      [body({ name: '<b>Acme</b>' }), 'name', MESSAGES.plainText('Name')],
      [body({ type: 'Saml' }), 'type', 'Connection method is required'],
      [body({ buttonText: 'x'.repeat(65) }), 'buttonText', 'Button text should have less than 64 symbols'],
      [
        body({ providerData: { clientId: 'a', clientSecret: 'b', issuer: 'http://idp.example.com' } }),
        'providerData.issuer',
        'Issuer should be an absolute https URL',
      ],
      [body({ defaultGroupId: 'not-an-id' }), 'defaultGroupId', expect.any(String) as unknown as string],
      [body({ name: 42 }), 'name', expect.any(String) as unknown as string],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields[field]).toEqual(message);
    }
    // Unicode and SQL are only text: stored and answered as given.
    const odd = await post(body({ name: "Ōkta'; drop table users; --" }));
    expect(odd.statusCode).toBe(201);
    expect(odd.json().name).toBe("Ōkta'; drop table users; --");
  });

  it('refuses a second provider with the same name (any case)', async () => {
    const u = await createTenantWithUser(t);
    await createProvider(t, u, body({ name: 'Okta' }));
    const twin = await api(u, 'POST', '/api/v1/identity-providers', body({ name: 'OKTA' }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ code: 'CONFLICT', fields: { name: PROVIDER_NAME_TAKEN } });
    const other = await createProvider(t, u, body({ name: 'Azure' }));
    const rename = await api(u, 'PATCH', `/api/v1/identity-providers/${other}`, { name: 'okta' });
    expect(rename.statusCode).toBe(409);
    // Another tenant may use the name.
    const v = await createTenantWithUser(t);
    expect((await api(v, 'POST', '/api/v1/identity-providers', body({ name: 'Okta' }))).statusCode).toBe(201);
  });

  it('discovers the issuer before saving it, and reports one that does not answer at its field', async () => {
    const u = await createTenantWithUser(t);
    const closed = await startTestProvider();
    const gone = closed.issuer;
    await closed.close();
    const unreachable = await api(u, 'POST', '/api/v1/identity-providers', providerBody(gone));
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.unreachable });

    // A server that answers, but not as an OpenID provider (this API itself is not one at that path).
    const notOidc = await api(
      u,
      'POST',
      '/api/v1/identity-providers',
      providerBody(`${idp.issuer}/nothing-here`),
    );
    expect(notOidc.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.discovery });

    // Cloud metadata and link-local addresses are never fetched, whatever the configuration.
    const metadata = await api(
      u,
      'POST',
      '/api/v1/identity-providers',
      providerBody('https://169.254.169.254/'),
    );
    expect(metadata.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.address });

    // An edit that changes the issuer is discovered too; one that keeps it is not.
    const id = await createProvider(t, u, body({ name: 'Checked' }));
    const moved = await api(u, 'PATCH', `/api/v1/identity-providers/${id}`, {
      providerData: { clientId: 'x', issuer: gone, clientSecret: IDP_SECRET },
    });
    expect(moved.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.unreachable });
    expect((await stored(u, id)).issuer).toBe(idp.issuer);
  });

  it('takes only an icon and a group of the tenant itself', async () => {
    const u = await createTenantWithUser(t);
    const v = await createTenantWithUser(t);
    const theirIcon = await insertIcon(v);
    const theirGroup = await groupOf(v);
    const icon = await api(u, 'POST', '/api/v1/identity-providers', body({ buttonImageId: theirIcon }));
    expect(icon.statusCode).toBe(404);
    expect(icon.json().fields).toEqual({ buttonImageId: 'Icon not found.' });
    const group = await api(u, 'POST', '/api/v1/identity-providers', body({ defaultGroupId: theirGroup }));
    expect(group.statusCode).toBe(404);
    expect(group.json().fields).toEqual({ defaultGroupId: 'Group not found.' });
    const id = await createProvider(t, u, body());
    const patched = await api(u, 'PATCH', `/api/v1/identity-providers/${id}`, { defaultGroupId: theirGroup });
    expect(patched.statusCode).toBe(404);
  });

  it("answers 404 for another tenant's provider, 403 to non-admins and 401 without a session", async () => {
    const owner = await createTenantWithUser(t);
    const id = await createProvider(t, owner, body());
    const other = await createTenantWithUser(t);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/identity-providers/${id}`],
      ['PATCH', `/api/v1/identity-providers/${id}`, { name: 'Taken over' }],
      ['PATCH', `/api/v1/identity-providers/${id}/enable`],
      ['PATCH', `/api/v1/identity-providers/${id}/disable`],
      ['DELETE', `/api/v1/identity-providers/${id}`],
    ] as const) {
      expect((await api(other, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(other, 'GET', '/api/v1/identity-providers')).json().total).toBe(0);
    expect((await stored(owner, id)).name).toBe('Acme Login');

    const member = await createTenantWithUser(t, { isAdmin: false });
    for (const [method, url] of [
      ['GET', '/api/v1/identity-providers'],
      ['GET', `/api/v1/identity-providers/${id}`],
      ['POST', '/api/v1/identity-providers'],
      ['PATCH', `/api/v1/identity-providers/${id}`],
      ['PATCH', `/api/v1/identity-providers/${id}/disable`],
      ['DELETE', `/api/v1/identity-providers/${id}`],
    ] as const) {
      const res = await api(member, method, url, method === 'POST' ? body() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_ACCESS');
      expect((await call(t, { method, url })).statusCode).toBe(401);
    }
  });

  it('searches by name or issuer and pages newest first', async () => {
    const u = await createTenantWithUser(t);
    for (const name of ['Okta One', 'Azure Two', 'Okta Three']) await createProvider(t, u, body({ name }));
    const all = await api(u, 'GET', '/api/v1/identity-providers');
    expect(all.json().identityProviders.map((p: { name: string }) => p.name)).toEqual([
      'Okta Three',
      'Azure Two',
      'Okta One',
    ]);
    const okta = await api(u, 'GET', '/api/v1/identity-providers?searchText=okta');
    expect(okta.json().total).toBe(2);
    const byIssuer = await api(
      u,
      'GET',
      `/api/v1/identity-providers?searchText=${encodeURIComponent('127.0.0.1:')}`,
    );
    expect(byIssuer.json().total).toBe(3);
    const page = await api(u, 'GET', '/api/v1/identity-providers?limit=1&offset=1');
    expect(page.json()).toMatchObject({ total: 3, identityProviders: [{ name: 'Azure Two' }] });
    const wildcard = await api(u, 'GET', '/api/v1/identity-providers?searchText=%25');
    expect(wildcard.json().total).toBe(0);
    expect((await api(u, 'GET', '/api/v1/identity-providers?limit=0')).statusCode).toBe(400);
  });
});

describe('identity provider issuers without OUTBOUND_PRIVATE_NETWORKS', () => {
  let idp: OpenIdProvider;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startTestProvider();
    t = await createSsoTestApp({ OUTBOUND_PRIVATE_NETWORKS: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('refuses loopback and private addresses', async () => {
    const u = await createTenantWithUser(t);
    for (const issuer of [idp.issuer, 'https://10.1.2.3/', 'https://[::1]/', 'https://localhost/']) {
      const res = await apiAs(t)(u, 'POST', '/api/v1/identity-providers', providerBody(issuer));
      expect(res.statusCode, issuer).toBe(400);
      expect(res.json().fields).toEqual({ 'providerData.issuer': ISSUER_MESSAGES.address });
    }
  });
});
