import {
  apiTokenEndpoints,
  auditEndpoints,
  ipRangeEndpoints,
  signedInSessionEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  createTenantWithUser,
  outbox,
  outboxSettled,
  signIn,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { createApiToken } from '../api-tokens/api-tokens.test-helpers.js';
import { oktaUser, patch, SCIM_ERROR, scimClient, scimFor, USER_SCHEMA } from './scim.test-helpers.js';

describe('SCIM users', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const consoleUser = (admin: TestUser, id: string) => api.call(admin, userEndpoints.get, { params: { id } });

  it('provisions a user as Okta does: create, find by userName, deactivate, reactivate', async () => {
    const admin = await createTenantWithUser(t);
    const { scim, token } = await scimFor(t, admin);
    const email = `grace-${admin.tenantId.slice(0, 6)}@example.com`;

    // Okta looks the user up first and finds nobody.
    const none = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`,
    );
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toContain('application/scim+json');
    expect(none.json()).toMatchObject({ totalResults: 0, itemsPerPage: 0, startIndex: 1, Resources: [] });

    const created = await scim('POST', '/Users', oktaUser(email, '00u1abc'));
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: email,
      externalId: '00u1abc',
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ value: email, primary: true, type: 'work' }],
      active: true,
      groups: [],
      meta: {
        resourceType: 'User',
        location: expect.stringMatching(new RegExp(`/scim/v2/Users/${user.id}$`)),
      },
    });
    expect(created.headers.location).toBe(user.meta.location);
    // Signed in through the provider: Confirmed at once, and no invitation e-mail.
    expect((await consoleUser(admin, user.id)).result()).toMatchObject({ status: 'Confirmed', email });
    await outboxSettled(t);
    expect(outbox(t).filter((m) => m.to === email)).toEqual([]);

    // Found by userName whatever its case, by e-mail and by externalId.
    for (const filter of [
      `userName eq "${email.toUpperCase()}"`,
      `emails.value eq "${email}"`,
      `emails[type eq "work"].value eq "${email}"`,
      'externalId eq "00u1abc"',
    ]) {
      const found = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(found.json(), filter).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });
    }
    expect((await scim('GET', `/Users/${user.id}`)).json()).toMatchObject({ id: user.id, userName: email });

    // Okta's deactivation: a value object without a path. The user's session ends with it.
    const cookie = await signIn(t, admin.tenantId, user.id);
    const asUser = { ...admin, userId: user.id, email, cookie };
    expect((await api.call(asUser, signedInSessionEndpoints.mine)).statusCode).toBe(200);
    const off = await scim('PATCH', `/Users/${user.id}`, patch({ op: 'replace', value: { active: false } }));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await consoleUser(admin, user.id)).result().status).toBe('Disabled');
    expect((await api.call(asUser, signedInSessionEndpoints.mine)).statusCode).toBe(401);

    const on = await scim('PATCH', `/Users/${user.id}`, patch({ op: 'replace', value: { active: true } }));
    expect(on.json()).toMatchObject({ active: true });
    expect((await consoleUser(admin, user.id)).result().status).toBe('Confirmed');

    // The audit trail names the token as the actor.
    const trail = (await api.call(admin, auditEndpoints.list, { query: { resourceId: user.id } })).result();
    expect(trail.events.map((e) => e.action).sort()).toEqual(['create', 'disable', 'enable']);
    for (const event of trail.events) {
      expect(event).toMatchObject({
        actorType: 'api-token',
        actor: { id: token.id, name: 'API token "Okta provisioning"' },
      });
    }
  });

  it('takes Entra ID PATCH operations: capitalised ops, string booleans, attribute paths', async () => {
    const admin = await createTenantWithUser(t);
    const { scim } = await scimFor(t, admin, 'Entra ID');
    const email = `alan-${admin.tenantId.slice(0, 6)}@example.com`;
    const user = (
      await scim('POST', '/Users', {
        schemas: [USER_SCHEMA, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: 'alan',
        userName: email,
        active: 'True',
        emails: [{ primary: true, type: 'work', value: email }],
        name: { formatted: 'Alan Turing', familyName: 'Turing', givenName: 'Alan' },
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Research' },
      })
    ).json();
    expect(user).toMatchObject({ userName: email, externalId: 'alan', active: true });

    const renamed = `a.turing-${admin.tenantId.slice(0, 6)}@example.com`;
    const res = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patch(
        { op: 'Replace', path: 'name.givenName', value: 'Alan M.' },
        { op: 'Replace', path: 'name.familyName', value: 'Turing' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: renamed },
        { op: 'Replace', path: 'userName', value: renamed },
        { op: 'Replace', path: 'externalId', value: 'alan-2' },
        { op: 'Add', path: 'title', value: 'Mathematician' },
        { op: 'Replace', path: 'displayName', value: 'Alan M. Turing' },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect((await consoleUser(admin, user.id)).result()).toMatchObject({
      firstName: 'Alan M.',
      lastName: 'Turing',
      email: renamed,
    });
    expect(res.json()).toMatchObject({ externalId: 'alan-2', userName: renamed });

    const off = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patch({ op: 'Replace', path: 'active', value: 'False' }),
    );
    expect(off.json().active).toBe(false);
    expect((await consoleUser(admin, user.id)).result().status).toBe('Disabled');

    // PUT replaces the resource; DELETE removes the user.
    const put = await scim('PUT', `/Users/${user.id}`, {
      schemas: [USER_SCHEMA],
      userName: renamed,
      name: { givenName: 'Alan', familyName: 'Turing' },
      active: true,
    });
    expect(put.json()).toMatchObject({ active: true, name: { givenName: 'Alan' }, externalId: 'alan-2' });
    expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);
    expect((await consoleUser(admin, user.id)).statusCode).toBe(404);
    expect((await scim('GET', `/Users/${user.id}`)).statusCode).toBe(404);
  });

  it('pages in SQL with startIndex and count, and answers uniqueness and bad input in the SCIM schema', async () => {
    const admin = await createTenantWithUser(t);
    const { scim } = await scimFor(t, admin);
    const tag = admin.tenantId.slice(0, 6);
    for (const n of [1, 2, 3]) {
      expect((await scim('POST', '/Users', oktaUser(`p${n}-${tag}@example.com`))).statusCode).toBe(201);
    }
    const page = (await scim('GET', '/Users?startIndex=2&count=2')).json();
    expect(page).toMatchObject({ totalResults: 4, itemsPerPage: 2, startIndex: 2 });
    expect(page.Resources.map((u: { userName: string }) => u.userName)).toEqual([
      `p1-${tag}@example.com`,
      `p2-${tag}@example.com`,
    ]);
    expect((await scim('GET', '/Users?count=0')).json()).toMatchObject({ totalResults: 4, Resources: [] });

    const taken = await scim('POST', '/Users', oktaUser(`P1-${tag}@example.com`));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      schemas: [SCIM_ERROR],
      status: '409',
      scimType: 'uniqueness',
      detail: 'A user with this email already exists',
    });

    const empty = await scim('POST', '/Users', { ...oktaUser('x@example.com'), userName: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '400', scimType: 'invalidValue' });

    const badFilter = await scim('GET', `/Users?filter=${encodeURIComponent('title co "x"')}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({
      schemas: [SCIM_ERROR],
      status: '400',
      scimType: 'invalidFilter',
    });

    const badJson = await scim('POST', '/Users', '{"userName":');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ schemas: [SCIM_ERROR], scimType: 'invalidSyntax' });

    const provisioned = page.Resources[0].id as string;
    const readOnly = await scim(
      'PATCH',
      `/Users/${provisioned}`,
      patch({ op: 'replace', path: 'id', value: 'x' }),
    );
    expect(readOnly.json()).toMatchObject({ status: '400', scimType: 'mutability' });

    // An administrator is never SCIM's to change (scim.managed.test.ts): refused in the SCIM schema.
    const last = await scim(
      'PATCH',
      `/Users/${admin.userId}`,
      patch({ op: 'replace', path: 'active', value: false }),
    );
    expect(last.statusCode).toBe(403);
    expect(last.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '403' });

    expect((await scim('GET', '/Users/not-a-uuid')).json()).toMatchObject({ status: '404' });
    expect((await scim('GET', '/Nothing')).json()).toMatchObject({ schemas: [SCIM_ERROR], status: '404' });
  });

  it('needs a live SCIM token of the tenant and never shows another tenant', async () => {
    const a = await createTenantWithUser(t);
    const b = await createTenantWithUser(t);
    const { scim: scimA } = await scimFor(t, a);
    const { scim: scimB } = await scimFor(t, b);
    const bUser = (
      await scimB('POST', '/Users', oktaUser(`b-${b.tenantId.slice(0, 6)}@example.com`, 'b-ext'))
    ).json();

    expect((await scimA('GET', `/Users/${bUser.id}`)).statusCode).toBe(404);
    expect(
      (await scimA('PATCH', `/Users/${bUser.id}`, patch({ op: 'replace', value: { active: false } })))
        .statusCode,
    ).toBe(404);
    const filtered = await scimA(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${bUser.userName}"`)}`,
    );
    expect(filtered.json()).toMatchObject({ totalResults: 0 });
    expect(
      (await scimA('GET', `/Users?filter=${encodeURIComponent('externalId eq "b-ext"')}`)).json()
        .totalResults,
    ).toBe(0);

    const anonymous = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toContain('Bearer');
    expect(anonymous.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '401' });

    const revoked = await createApiToken(t, a, { scope: 'scim' });
    expect((await api.call(a, apiTokenEndpoints.revoke, { params: { id: revoked.id } })).statusCode).toBe(
      204,
    );
    const afterRevoke = await scimClient(t, revoked.token)('GET', '/Users');
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '401' });

    for (const scope of ['read', 'admin'] as const) {
      const other = await createApiToken(t, a, { scope });
      const refused = await scimClient(t, other.token)('GET', '/Users');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        schemas: [SCIM_ERROR],
        status: '403',
        detail: 'This API token has no SCIM scope.',
      });
    }
  });

  it('holds the tenant network ranges for its token', async () => {
    const admin = await createTenantWithUser(t);
    const { scim } = await scimFor(t, admin);
    const range = { name: 'Office', startIPAddress: '203.0.113.0', endIPAddress: '203.0.113.255' };
    const added = await api.call(admin, ipRangeEndpoints.create, { body: range, from: '203.0.113.9' });
    expect(added.statusCode).toBe(201);
    // The client calls from 198.51.100.7, outside the office range.
    const refused = await scim('GET', '/Users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '403' });
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const admin = await createTenantWithUser(t);
    const { scim } = await scimFor(t, admin);
    expect((await scim('GET', '/ServiceProviderConfig')).json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    expect((await scim('GET', '/ResourceTypes')).json().Resources.map((r: { id: string }) => r.id)).toEqual([
      'User',
      'Group',
    ]);
    const schemas = (await scim('GET', '/Schemas')).json();
    expect(schemas.totalResults).toBe(2);
    expect(
      (await scim('GET', `/Schemas/${USER_SCHEMA}`)).json().attributes.map((a: { name: string }) => a.name),
    ).toContain('userName');
  });
});
