import { identityProviderEndpoints, MESSAGES } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTenantWithUser, type TestUser } from '../../../test/app.js';
import { auditEvents, icons } from '../../db/schema/index.js';
import { createGroup, insertRole } from '../groups/groups.test-helpers.js';
import { createProvider, providerBody, useSsoApps } from '../sso/sso.test-helpers.js';
import { PROVIDER_NAME_TAKEN } from './identity-providers.service.js';
import { storedProvider } from './identity-providers.test-helpers.js';

describe('identity providers', () => {
  const { idp, t, api } = useSsoApps();

  const body = (overrides: Record<string, unknown> = {}) => ({ ...providerBody(idp.issuer), ...overrides });
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
    const created = await api.call(u, identityProviderEndpoints.create, {
      body: body({ buttonImageId: iconId, defaultGroupId: groupId }),
    });
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
      credentialsExpireAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const read = await api.call(u, identityProviderEndpoints.get, { params: { id: provider.id } });
    expect(read.json()).toEqual(provider);
    const list = await api.call(u, identityProviderEndpoints.list);
    expect(list.json()).toEqual({ identityProviders: [provider], total: 1 });

    const edited = await api.call(u, identityProviderEndpoints.update, {
      params: { id: provider.id },
      body: {
        name: 'Acme Staff',
        buttonText: 'Sign in with Acme',
        defaultGroupId: null,
        buttonImageId: null,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Acme Staff',
      buttonText: 'Sign in with Acme',
      defaultGroupId: null,
      buttonImageId: null,
    });
    // Left out, the button text stays; emptied, it is 'Connect' and the name again.
    const renamed = await api.call(u, identityProviderEndpoints.update, {
      params: { id: provider.id },
      body: {
        name: 'Acme People',
      },
    });
    expect(renamed.json().buttonText).toBe('Sign in with Acme');
    const emptied = await api.call(u, identityProviderEndpoints.update, {
      params: { id: provider.id },
      body: { buttonText: '' },
    });
    expect(emptied.json().buttonText).toBe('Connect Acme People');

    // The client secret's end date: a day, kept as its start (UTC); emptied, unknown again.
    const dated = await api.call(u, identityProviderEndpoints.update, {
      params: { id: provider.id },
      body: { credentialsExpireAt: '2027-03-01' },
    });
    expect(dated.json().credentialsExpireAt).toBe('2027-03-01T00:00:00.000Z');
    const undated = await api.call(u, identityProviderEndpoints.update, {
      params: { id: provider.id },
      body: { credentialsExpireAt: '' },
    });
    expect(undated.json().credentialsExpireAt).toBeNull();
    const wrongDate = await api.call(u, identityProviderEndpoints.update, {
      params: { id: provider.id },
      body: { credentialsExpireAt: '1 March' },
    });
    expect(wrongDate.statusCode).toBe(400);
    expect(wrongDate.json().fields).toEqual({
      credentialsExpireAt: 'Expires on should be a date (YYYY-MM-DD)',
    });

    const disabled = await api.call(u, identityProviderEndpoints.disable, { params: { id: provider.id } });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().active).toBe(false);
    const enabled = await api.call(u, identityProviderEndpoints.enable, { params: { id: provider.id } });
    expect(enabled.json().active).toBe(true);

    expect(
      (await api.call(u, identityProviderEndpoints.remove, { params: { id: provider.id } })).statusCode,
    ).toBe(204);
    expect(
      (await api.call(u, identityProviderEndpoints.get, { params: { id: provider.id } })).statusCode,
    ).toBe(404);
    expect((await api.call(u, identityProviderEndpoints.list)).json()).toEqual({
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
      ['create', 'delete', 'disable', 'enable', 'update', 'update', 'update', 'update', 'update'].sort(),
    );
  });

  it('reports each rule of the form with its message', async () => {
    const u = await createTenantWithUser(t);
    const post = (payload: object) => api.send(u, 'POST', '/api/v1/identity-providers', payload);
    // The settings follow the method: without one, the method is what is missing.
    const untyped = await post({ providerData: {} });
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().fields).toEqual({ type: 'Connection method is required' });
    const empty = await post({ type: 'OpenId', providerData: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        name: 'Name is required',
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
      [body({ type: 'Ldap' }), 'type', 'Connection method is required'],
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
    const twin = await api.call(u, identityProviderEndpoints.create, { body: body({ name: 'OKTA' }) });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ code: 'CONFLICT', fields: { name: PROVIDER_NAME_TAKEN } });
    const other = await createProvider(t, u, body({ name: 'Azure' }));
    const rename = await api.call(u, identityProviderEndpoints.update, {
      params: { id: other },
      body: { name: 'okta' },
    });
    expect(rename.statusCode).toBe(409);
    // Another tenant may use the name.
    const v = await createTenantWithUser(t);
    expect(
      (await api.call(v, identityProviderEndpoints.create, { body: body({ name: 'Okta' }) })).statusCode,
    ).toBe(201);
  });

  it('takes only an icon and a group of the tenant itself', async () => {
    const u = await createTenantWithUser(t);
    const v = await createTenantWithUser(t);
    const theirIcon = await insertIcon(v);
    const theirGroup = await groupOf(v);
    const icon = await api.call(u, identityProviderEndpoints.create, {
      body: body({ buttonImageId: theirIcon }),
    });
    expect(icon.statusCode).toBe(404);
    expect(icon.json().fields).toEqual({ buttonImageId: 'Icon not found.' });
    const group = await api.call(u, identityProviderEndpoints.create, {
      body: body({ defaultGroupId: theirGroup }),
    });
    expect(group.statusCode).toBe(404);
    expect(group.json().fields).toEqual({ defaultGroupId: 'Group not found.' });
    const id = await createProvider(t, u, body());
    const patched = await api.call(u, identityProviderEndpoints.update, {
      params: { id },
      body: { defaultGroupId: theirGroup },
    });
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
      expect((await api.send(other, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api.call(other, identityProviderEndpoints.list)).json().total).toBe(0);
    expect((await storedProvider(t, owner, id)).name).toBe('Acme Login');

    const member = await createTenantWithUser(t, { isAdmin: false });
    for (const [method, url] of [
      ['GET', '/api/v1/identity-providers'],
      ['GET', `/api/v1/identity-providers/${id}`],
      ['POST', '/api/v1/identity-providers'],
      ['PATCH', `/api/v1/identity-providers/${id}`],
      ['PATCH', `/api/v1/identity-providers/${id}/disable`],
      ['DELETE', `/api/v1/identity-providers/${id}`],
    ] as const) {
      const res = await api.send(member, method, url, method === 'POST' ? body() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_ACCESS');
      expect((await call(t, { method, url })).statusCode).toBe(401);
    }
  });

  it('searches by name or issuer and pages newest first', async () => {
    const u = await createTenantWithUser(t);
    for (const name of ['Okta One', 'Azure Two', 'Okta Three']) await createProvider(t, u, body({ name }));
    const all = await api.call(u, identityProviderEndpoints.list);
    expect(all.json().identityProviders.map((p: { name: string }) => p.name)).toEqual([
      'Okta Three',
      'Azure Two',
      'Okta One',
    ]);
    const okta = await api.call(u, identityProviderEndpoints.list, { query: { searchText: 'okta' } });
    expect(okta.json().total).toBe(2);
    const byIssuer = await api.call(u, identityProviderEndpoints.list, {
      query: { searchText: '127.0.0.1:' },
    });
    expect(byIssuer.json().total).toBe(3);
    const page = await api.call(u, identityProviderEndpoints.list, { query: { limit: '1', offset: '1' } });
    expect(page.json()).toMatchObject({ total: 3, identityProviders: [{ name: 'Azure Two' }] });
    const wildcard = await api.call(u, identityProviderEndpoints.list, { query: { searchText: '%' } });
    expect(wildcard.json().total).toBe(0);
    expect((await api.call(u, identityProviderEndpoints.list, { query: { limit: '0' } })).statusCode).toBe(
      400,
    );
  });
});
