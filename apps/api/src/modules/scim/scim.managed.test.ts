import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  apiTokenEndpoints,
  auditEndpoints,
  authEndpoints,
  groupEndpoints,
  passwordEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { migrationsFolder } from '../../db/migrate.js';
import { users } from '../../db/schema/index.js';
import { createRole } from '../roles/roles.test-helpers.js';
import { secretsMailedTo, tenantsListedTo } from '../users/email-change.test-helpers.js';
import { oktaUser, patch, SCIM_ERROR, type ScimClient, scimFor, USER_SCHEMA } from './scim.test-helpers.js';

/**
 * A SCIM token manages only the users SCIM provisioned or that an administrator put under it, and
 * never an administrator (docs/scim.md): before, it could rewrite an administrator's address and take
 * the account over with a reset link.
 */
describe('SCIM manages only its own users', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const NOT_MANAGED = {
    schemas: [SCIM_ERROR],
    status: '403',
    detail: expect.stringContaining('not managed by SCIM'),
  };
  const ADMIN = { schemas: [SCIM_ERROR], status: '403', detail: expect.stringContaining('Administrators') };

  const consoleUser = async (admin: TestUser, email: string) =>
    (
      await api.call(admin, userEndpoints.create, {
        body: { email, firstName: 'Console', lastName: 'User' },
      })
    ).result();

  /** Every change a SCIM client can ask of a user, each answered. */
  const everyChange = (scim: ScimClient, id: string, email: string) =>
    Promise.all([
      scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'userName', value: email })),
      scim(
        'PATCH',
        `/Users/${id}`,
        patch({ op: 'Replace', path: 'emails[type eq "work"].value', value: email }),
      ),
      scim('PATCH', `/Users/${id}`, patch({ op: 'replace', value: { active: false } })),
      scim('PUT', `/Users/${id}`, { schemas: [USER_SCHEMA], userName: email, active: true }),
      scim('DELETE', `/Users/${id}`),
    ]);

  it("refuses every change of an administrator's account, so no reset link ever goes to an intruder's address", async () => {
    const password = 'Admin-secret-pw1';
    const admin = await createTenantWithUser(t, { password });
    const { scim } = await scimFor(t, admin);
    const intruder = `intruder-${admin.tenantId.slice(0, 6)}@example.net`;

    // It still reads the administrator (providers match existing accounts by filter) …
    const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${admin.email}"`)}`);
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: admin.userId }] });
    // … and changes nothing of it.
    for (const res of await everyChange(scim, admin.userId, intruder)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject(ADMIN);
    }
    expect(
      (await api.call(admin, userEndpoints.get, { params: { id: admin.userId } })).result(),
    ).toMatchObject({
      email: admin.email,
      status: 'Confirmed',
      isAdmin: true,
    });

    // The intruder asks for a reset at their address: no reset link is mailed there (only the login
    // code every address gets, which opens no tenant), nobody signs in.
    await api.call(null, passwordEndpoints.forgotPassword, {
      body: { tenantName: admin.tenantName, email: intruder },
    });
    await api.call(null, authEndpoints.requestCode, { body: { email: intruder } });
    expect((await secretsMailedTo(t, intruder)).resetCodes).toEqual([]);
    expect(await tenantsListedTo(t, intruder)).toEqual([]);
    const signIn = await api.call(null, authEndpoints.login, {
      body: { tenantName: admin.tenantName, email: intruder, password },
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('reads users made in the console but changes them only once an administrator puts them under SCIM (audited)', async () => {
    const admin = await createTenantWithUser(t);
    const { scim } = await scimFor(t, admin);
    const email = `console-${admin.tenantId.slice(0, 6)}@example.com`;
    const user = await consoleUser(admin, email);
    expect(user.scimManaged).toBe(false);

    const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id, userName: email }] });
    expect((await scim('GET', `/Users/${user.id}`)).statusCode).toBe(200);
    for (const res of await everyChange(scim, user.id, `moved-${email}`)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject(NOT_MANAGED);
    }

    const put = await api.call(admin, userEndpoints.update, {
      params: { id: user.id },
      body: { scimManaged: true },
    });
    expect(put.result().scimManaged).toBe(true);
    const trail = (await api.call(admin, auditEndpoints.list, { query: { resourceId: user.id } })).result();
    expect(trail.events[0]).toMatchObject({
      action: 'update',
      changes: { scimManaged: { before: false, after: true } },
    });

    const renamed = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patch({ op: 'replace', path: 'name.givenName', value: 'Managed' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: { givenName: 'Managed' } });

    // Taken out again: refused again.
    await api.call(admin, userEndpoints.update, { params: { id: user.id }, body: { scimManaged: false } });
    const refused = await scim(
      'PATCH',
      `/Users/${user.id}`,
      patch({ op: 'replace', value: { active: false } }),
    );
    expect(refused.json()).toMatchObject(NOT_MANAGED);
  });

  it('stops changing a provisioned user the moment an administrator makes them an administrator', async () => {
    const admin = await createTenantWithUser(t);
    const { scim } = await scimFor(t, admin);
    const created = (
      await scim('POST', '/Users', oktaUser(`lead-${admin.tenantId.slice(0, 6)}@example.com`))
    ).json();
    const inConsole = (await api.call(admin, userEndpoints.get, { params: { id: created.id } })).result();
    expect(inConsole.scimManaged).toBe(true);

    await api.call(admin, userEndpoints.update, { params: { id: created.id }, body: { isAdmin: true } });
    for (const res of await everyChange(scim, created.id, `x-${admin.tenantId.slice(0, 6)}@example.net`)) {
      expect(res.json()).toMatchObject(ADMIN);
    }
  });

  it('never grants administrator rights nor sets the SCIM switch, even called straight on the service', async () => {
    const admin = await createTenantWithUser(t);
    const { scim, token } = await scimFor(t, admin);
    const created = (
      await scim('POST', '/Users', oktaUser(`svc-${admin.tenantId.slice(0, 6)}@example.com`))
    ).json();
    const actor = {
      tenantId: admin.tenantId,
      userId: token.id,
      sessionId: token.id,
      isAdmin: true,
      adminRoles: [],
      permissions: [],
      services: [],
      mfaEnrolment: false,
      token: { id: token.id, name: 'Okta provisioning', scope: 'scim' as const },
    };
    const meta = { ip: '198.51.100.7', requestId: 'test' };
    const service = t.app.services.users;
    await expect(service.update(actor, meta, created.id, { isAdmin: true })).rejects.toMatchObject({
      code: 'INSUFFICIENT_ACCESS',
    });
    await expect(service.update(actor, meta, created.id, { scimManaged: false })).rejects.toMatchObject({
      code: 'INSUFFICIENT_ACCESS',
    });
    await expect(service.update(actor, meta, admin.userId, { firstName: 'X' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_ACCESS',
    });
    await expect(service.remove(actor, meta, admin.userId)).rejects.toMatchObject({
      code: 'INSUFFICIENT_ACCESS',
    });
    // An unknown field in a SCIM body never reaches the rights either.
    const sneaky = await scim(
      'PATCH',
      `/Users/${created.id}`,
      patch({ op: 'add', path: 'isAdmin', value: true }),
    );
    expect(sneaky.json()).toMatchObject({ status: '400', scimType: 'invalidPath' });
    expect((await api.call(admin, userEndpoints.get, { params: { id: created.id } })).result().isAdmin).toBe(
      false,
    );
  });

  it('moves only the users it manages in and out of groups; a replace keeps the others', async () => {
    const admin = await createTenantWithUser(t);
    await createRole(t, admin, 'Viewers');
    const { scim } = await scimFor(t, admin);
    const tag = admin.tenantId.slice(0, 6);
    const ada = (await scim('POST', '/Users', oktaUser(`ada-${tag}@example.com`))).json().id as string;
    const carol = await consoleUser(admin, `carol-${tag}@example.com`);
    const group = (
      await scim('POST', '/Groups', { displayName: 'Engineering', members: [{ value: ada }] })
    ).json();
    expect(group.members.map((m: { value: string }) => m.value)).toEqual([ada]);

    for (const member of [admin.userId, carol.id]) {
      const add = await scim(
        'PATCH',
        `/Groups/${group.id}`,
        patch({ op: 'add', path: 'members', value: [{ value: member }] }),
      );
      expect(add.statusCode, add.body).toBe(403);
      // The whole request is refused: nothing else of it is saved either.
      const both = await scim('PUT', `/Groups/${group.id}`, {
        displayName: 'Renamed',
        members: [{ value: ada }, { value: member }],
      });
      expect(both.statusCode).toBe(403);
    }
    expect((await scim('GET', `/Groups/${group.id}`)).json()).toMatchObject({
      displayName: 'Engineering',
      members: [{ value: ada }],
    });

    // The console puts Carol in the group; SCIM's replace without her keeps her, its remove is refused.
    await api.call(admin, groupEndpoints.addUsers, {
      params: { id: group.id },
      body: { users: [{ id: carol.id }] },
    });
    const replaced = await scim('PUT', `/Groups/${group.id}`, { displayName: 'Engineering', members: [] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().members.map((m: { value: string }) => m.value)).toEqual([carol.id]);
    const removed = await scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch({ op: 'remove', path: `members[value eq "${carol.id}"]` }),
    );
    expect(removed.json()).toMatchObject(NOT_MANAGED);
    const deleted = await scim('DELETE', `/Groups/${group.id}`);
    expect(deleted.statusCode).toBe(403);
    expect((await api.call(admin, userEndpoints.get, { params: { id: carol.id } })).result().groupId).toBe(
      group.id,
    );
  });

  it('marks the users SCIM created before the switch existed (migration 0022)', async () => {
    const admin = await createTenantWithUser(t);
    const { scim, token } = await scimFor(t, admin);
    const tag = admin.tenantId.slice(0, 6);
    const withExternalId = (await scim('POST', '/Users', oktaUser(`ext-${tag}@example.com`))).json().id;
    const { externalId: _, ...noExternalId } = oktaUser(`noext-${tag}@example.com`);
    const withoutExternalId = (await scim('POST', '/Users', noExternalId)).json().id;
    const byConsole = (await consoleUser(admin, `console-${tag}@example.com`)).id;
    // The token is revoked since: its own 'create' event still names its scope.
    await api.call(admin, apiTokenEndpoints.revoke, { params: { id: token.id } });

    // The database as it was before the column: nobody marked.
    await t.database.system((tx) =>
      tx.update(users).set({ scimManaged: false }).where(eq(users.tenantId, admin.tenantId)),
    );
    const migration = readFileSync(path.join(migrationsFolder(), '0022_scim_managed_users.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((part) => part.includes('UPDATE "users"'));
    expect(backfill).toBeDefined();
    await t.database.system((tx) => tx.execute(sql.raw(backfill!)));

    const marked = await t.database.system((tx) =>
      tx
        .select({ id: users.id, scimManaged: users.scimManaged })
        .from(users)
        .where(eq(users.tenantId, admin.tenantId)),
    );
    const managed = Object.fromEntries(marked.map((row) => [row.id, row.scimManaged]));
    expect(managed).toEqual({
      [admin.userId]: false,
      [withExternalId]: true,
      [withoutExternalId]: true,
      [byConsole]: false,
    });
  });
});
