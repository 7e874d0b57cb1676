import { randomUUID } from 'node:crypto';
import { userEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { createRole } from '../roles/roles.test-helpers.js';
import { PATCH_OP, SCIM_ERROR, type ScimClient, scimFor, USER_SCHEMA } from './scim.test-helpers.js';

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** Entra ID names a schema of its own in the groups it creates. */
const ENTRA_GROUP = 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group';

const ops = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations });
const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

/** Expects the status, and answers the body. */
async function expectStatus(res: ReturnType<ScimClient>, status: number) {
  const answer = await res;
  expect(answer.statusCode, `${answer.body}`).toBe(status);
  if (status !== 204) expect(answer.headers['content-type']).toContain('application/scim+json');
  return status === 204 ? undefined : answer.json();
}

/**
 * The published request sequences of Microsoft Entra ID's SCIM validator ("User operations", "Group
 * operations" of its SCIM implementation guide) and of Okta's SCIM 2.0 test plan (its Runscope/CRUD
 * suite), walked request by request against the real app, each answer checked as the checkers do.
 * Where this product must differ (a userName is an e-mail address) the sequence says so.
 */
describe('SCIM conformance with the published client sequences', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  async function client(name: string) {
    const admin = await createTenantWithUser(t);
    await createRole(t, admin, 'Viewers');
    const { scim } = await scimFor(t, admin, name);
    return { admin, scim };
  }

  it("Entra ID: test connection, user operations with the enterprise extension, 'Replace'/'Add', \"False\", work e-mail", async () => {
    const { admin, scim } = await client('Entra ID');
    // Test connection: a userName and an id nobody has answer an empty list, not an error.
    expect(await expectStatus(scim('GET', `/Users?${q(`userName eq "${randomUUID()}"`)}`), 200)).toEqual({
      schemas: [LIST],
      totalResults: 0,
      itemsPerPage: 0,
      startIndex: 1,
      Resources: [],
    });
    expect(await expectStatus(scim('GET', `/Users?${q(`id eq "${randomUUID()}"`)}`), 200)).toMatchObject({
      totalResults: 0,
      Resources: [],
    });
    expect(await expectStatus(scim('GET', `/Groups?${q(`id eq "${randomUUID()}"`)}`), 200)).toMatchObject({
      totalResults: 0,
    });

    // Create User. The validator's own userName ("Test_User_<guid>") is no e-mail address, which this
    // product's login needs (docs/scim.md): map userPrincipalName, an address, to userName.
    const tag = randomUUID();
    const upn = `Test_User_${tag}@contoso.onmicrosoft.com`.toLowerCase();
    const mailbox = `test_user_${randomUUID()}@testuser.com`;
    expect(await expectStatus(scim('GET', `/Users?${q(`userName eq "${upn}"`)}`), 200)).toMatchObject({
      totalResults: 0,
    });
    const notAnAddress = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: `Test_User_${tag}`,
    });
    expect(notAnAddress.json()).toMatchObject({
      schemas: [SCIM_ERROR],
      status: '400',
      scimType: 'invalidValue',
    });
    const created = await expectStatus(
      scim('POST', '/Users', {
        schemas: [USER_SCHEMA, ENTERPRISE],
        externalId: randomUUID(),
        userName: upn,
        active: true,
        emails: [{ primary: true, type: 'work', value: mailbox }],
        meta: { resourceType: 'User' },
        name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
        roles: [],
        [ENTERPRISE]: { employeeNumber: '701984', department: 'Tour Operations', manager: { value: '123' } },
      }),
      201,
    );
    expect(created).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: upn,
      active: true,
      name: { givenName: 'givenName', familyName: 'familyName' },
      // The differing work mailbox is kept apart from the userName.
      emails: [{ value: mailbox, type: 'work', primary: true }],
    });
    const id = created.id as string;

    // Get User; Get User by query; by query, zero results.
    expect(await expectStatus(scim('GET', `/Users/${id}`), 200)).toMatchObject({ id, userName: upn });
    expect(await expectStatus(scim('GET', `/Users?${q(`userName eq "${upn}"`)}`), 200)).toMatchObject({
      totalResults: 1,
      Resources: [{ id }],
    });
    expect(
      await expectStatus(scim('GET', `/Users?${q(`emails[type eq "work"].value eq "${mailbox}"`)}`), 200),
    ).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    expect(
      await expectStatus(scim('GET', `/Users?${q('userName eq "non-existent user"')}`), 200),
    ).toMatchObject({
      totalResults: 0,
    });

    // Update User [Multi-valued properties]: the work mailbox changes, the userName does not, so the
    // next test connection still finds the user by it (before, the address followed the mailbox).
    const updatedEmail = `updated-${tag}@microsoft.com`;
    const multi = await expectStatus(
      scim(
        'PATCH',
        `/Users/${id}`,
        ops(
          { op: 'Replace', path: 'emails[type eq "work"].value', value: updatedEmail },
          { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        ),
      ),
      200,
    );
    expect(multi).toMatchObject({
      userName: upn,
      emails: [{ value: updatedEmail }],
      name: { familyName: 'updatedFamilyName' },
    });
    expect(await expectStatus(scim('GET', `/Users?${q(`userName eq "${upn}"`)}`), 200)).toMatchObject({
      totalResults: 1,
    });
    expect((await api.call(admin, userEndpoints.get, { params: { id } })).result().email).toBe(upn);

    // Update User [Single-valued properties], 'Add' of attributes, the extension, a capitalised op.
    const renamed = `renamed_${tag}@contoso.onmicrosoft.com`;
    const single = await expectStatus(
      scim(
        'PATCH',
        `/Users/${id}`,
        ops(
          { op: 'Replace', path: 'userName', value: renamed },
          { op: 'Add', path: 'externalId', value: 'entra-object-id' },
          { op: 'Add', path: 'displayName', value: 'givenName updatedFamilyName' },
          { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Sales' },
          { op: 'Add', path: 'title', value: 'Manager' },
        ),
      ),
      200,
    );
    expect(single).toMatchObject({
      userName: renamed,
      externalId: 'entra-object-id',
      emails: [{ value: updatedEmail }],
    });

    // Disable User, as a boolean and as Entra ID's string; enable again with "True".
    expect(
      await expectStatus(
        scim('PATCH', `/Users/${id}`, ops({ op: 'Replace', path: 'active', value: false })),
        200,
      ),
    ).toMatchObject({ active: false });
    await expectStatus(
      scim('PATCH', `/Users/${id}`, ops({ op: 'Replace', path: 'active', value: 'True' })),
      200,
    );
    expect(
      await expectStatus(
        scim('PATCH', `/Users/${id}`, ops({ op: 'Replace', path: 'active', value: 'False' })),
        200,
      ),
    ).toMatchObject({ active: false });
    expect((await api.call(admin, userEndpoints.get, { params: { id } })).result().status).toBe('Disabled');

    // Removing writable attributes (RFC 7644 §3.5.2.2): the work mailbox goes back to the userName,
    // the names to the address's local part, the externalId goes; active and displayName stay.
    const removed = await expectStatus(
      scim(
        'PATCH',
        `/Users/${id}`,
        ops(
          { op: 'Remove', path: 'emails[type eq "work"].value' },
          { op: 'Remove', path: 'name' },
          { op: 'Remove', path: 'externalId' },
          { op: 'Remove', path: 'active' },
          { op: 'Remove', path: 'displayName' },
        ),
      ),
      200,
    );
    expect(removed).toMatchObject({
      userName: renamed,
      emails: [{ value: renamed }],
      name: { givenName: `renamed_${tag}`, familyName: `renamed_${tag}` },
      active: false,
    });
    expect(removed.externalId).toBeUndefined();
    expect(
      await expectStatus(scim('PATCH', `/Users/${id}`, ops({ op: 'Remove', path: 'userName' })), 400),
    ).toMatchObject({
      scimType: 'mutability',
    });

    // Delete User.
    await expectStatus(scim('DELETE', `/Users/${id}`), 204);
    await expectStatus(scim('GET', `/Users/${id}`), 404);
  });

  it('Entra ID: group operations, members as {"value"} with and without $ref, excludedAttributes=members', async () => {
    const { admin, scim } = await client('Entra ID groups');
    const member = await expectStatus(
      scim('POST', '/Users', {
        schemas: [USER_SCHEMA],
        userName: `m-${admin.tenantId.slice(0, 8)}@contoso.com`,
      }),
      201,
    );
    const displayName = `displayName-${randomUUID().slice(0, 8)}`;
    expect(
      await expectStatus(
        scim('GET', `/Groups?excludedAttributes=members&${q(`displayName eq "${displayName}"`)}`),
        200,
      ),
    ).toMatchObject({ totalResults: 0, Resources: [] });
    const group = await expectStatus(
      scim('POST', '/Groups', {
        schemas: [GROUP_SCHEMA, ENTRA_GROUP],
        externalId: randomUUID(),
        displayName,
        meta: { resourceType: 'Group' },
      }),
      201,
    );
    expect(group).toMatchObject({ schemas: [GROUP_SCHEMA], displayName, members: [] });
    const got = await expectStatus(scim('GET', `/Groups/${group.id}?excludedAttributes=members`), 200);
    expect(got).toMatchObject({ id: group.id, displayName });
    expect(got.members).toBeUndefined();
    const byName = await expectStatus(
      scim('GET', `/Groups?excludedAttributes=members&${q(`displayName eq "${displayName}"`)}`),
      200,
    );
    expect(byName).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });
    expect(byName.Resources[0].members).toBeUndefined();

    // Update Group [Non-member attributes].
    const updatedName = `${randomUUID()}updatedDisplayName`;
    await expectStatus(
      scim('PATCH', `/Groups/${group.id}`, ops({ op: 'Replace', path: 'displayName', value: updatedName })),
      200,
    );
    // Update Group [Add Members]: "$ref": null, as Entra ID sends it; then without it.
    const added = await expectStatus(
      scim(
        'PATCH',
        `/Groups/${group.id}`,
        ops({ op: 'Add', path: 'members', value: [{ $ref: null, value: member.id }] }),
      ),
      200,
    );
    expect(added).toMatchObject({ displayName: updatedName, members: [{ value: member.id, type: 'User' }] });
    // Update Group [Remove Members].
    const left = await expectStatus(
      scim(
        'PATCH',
        `/Groups/${group.id}`,
        ops({ op: 'Remove', path: 'members', value: [{ $ref: null, value: member.id }] }),
      ),
      200,
    );
    expect(left.members).toEqual([]);
    await expectStatus(
      scim(
        'PATCH',
        `/Groups/${group.id}`,
        ops({ op: 'Add', path: 'members', value: [{ value: member.id }] }),
      ),
      200,
    );
    expect((await expectStatus(scim('GET', `/Users/${member.id}`), 200)).groups).toEqual([
      expect.objectContaining({ value: group.id, display: updatedName, type: 'direct' }),
    ]);
    await expectStatus(scim('DELETE', `/Groups/${group.id}`), 204);
    await expectStatus(scim('GET', `/Groups/${group.id}`), 404);
  });

  it("Okta: the SCIM 2.0 test plan's user CRUD, case-insensitive userName, deactivation and PUT", async () => {
    const { scim } = await client('Okta');
    // Required: the Users endpoint pages.
    const page = await expectStatus(scim('GET', '/Users?count=1&startIndex=1'), 200);
    expect(page).toMatchObject({ schemas: [LIST], itemsPerPage: 1, startIndex: 1 });
    expect(Number.isInteger(page.totalResults)).toBe(true);
    expect(page.Resources[0]).toMatchObject({ id: expect.any(String), userName: expect.any(String) });
    expect(await expectStatus(scim('GET', `/Users/${page.Resources[0].id}`), 200)).toMatchObject({
      id: page.Resources[0].id,
    });
    // Required: an unknown userName is an empty list, an unknown id a 404 in the error schema.
    expect(
      await expectStatus(scim('GET', `/Users?${q('userName eq "invalid-user@example.com"')}`), 200),
    ).toMatchObject({
      totalResults: 0,
    });
    expect(await expectStatus(scim('GET', '/Users/010101001010101010'), 404)).toMatchObject({
      schemas: [SCIM_ERROR],
      status: '404',
      detail: expect.any(String),
    });
    const userName = `okta-${randomUUID().slice(0, 8)}@example.com`;
    expect(
      await expectStatus(scim('GET', `/Users?${q(`userName eq "${userName}"`)}&startIndex=1&count=100`), 200),
    ).toMatchObject({ totalResults: 0 });

    // Required: create with realistic values, read it back, refuse it twice.
    const body = {
      schemas: [USER_SCHEMA],
      userName,
      name: { givenName: 'Pat', familyName: 'Example' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Pat Example',
      active: true,
    };
    const created = await expectStatus(scim('POST', '/Users', body), 201);
    expect(created).toMatchObject({
      active: true,
      userName,
      name: { givenName: 'Pat', familyName: 'Example' },
    });
    expect(await expectStatus(scim('GET', `/Users/${created.id}`), 200)).toMatchObject({ userName });
    expect(await expectStatus(scim('POST', '/Users', body), 409)).toMatchObject({ scimType: 'uniqueness' });
    // Required: userName case sensitivity.
    expect(
      await expectStatus(scim('GET', `/Users?${q(`userName eq "${userName.toUpperCase()}"`)}`), 200),
    ).toMatchObject({
      totalResults: 1,
      Resources: [{ id: created.id }],
    });
    // Optional: the Groups endpoint.
    expect(await expectStatus(scim('GET', '/Groups'), 200)).toMatchObject({ schemas: [LIST] });

    // Profile push (PUT with the whole user, Okta's id, groups and password ignored); deactivation.
    const newName = `okta-renamed-${randomUUID().slice(0, 8)}@example.com`;
    const put = await expectStatus(
      scim('PUT', `/Users/${created.id}`, {
        ...body,
        id: created.id,
        userName: newName,
        emails: [{ primary: true, value: newName, type: 'work' }],
        name: { givenName: 'Patricia', familyName: 'Example' },
        groups: [],
        password: 'Never-stored-1!',
      }),
      200,
    );
    expect(put).toMatchObject({
      userName: newName,
      emails: [{ value: newName }],
      name: { givenName: 'Patricia' },
    });
    const off = await expectStatus(
      scim('PATCH', `/Users/${created.id}`, ops({ op: 'replace', value: { active: false } })),
      200,
    );
    expect(off).toMatchObject({ active: false });
    expect(await expectStatus(scim('GET', `/Users?${q('active eq false')}`), 200)).toMatchObject({
      totalResults: 1,
      Resources: [{ id: created.id }],
    });
  });

  it('Okta: group push, rename by value object, members with $ref, remove by value filter, PUT, delete', async () => {
    const { admin, scim } = await client('Okta groups');
    const tag = admin.tenantId.slice(0, 8);
    const users: string[] = [];
    for (const name of ['a', 'b']) {
      users.push(
        (
          await expectStatus(
            scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: `${name}-${tag}@example.com` }),
            201,
          )
        ).id,
      );
    }
    const [a, b] = users as [string, string];
    expect(
      await expectStatus(scim('GET', `/Groups?${q('displayName eq "Test SCIMv2"')}`), 200),
    ).toMatchObject({
      totalResults: 0,
    });
    const group = await expectStatus(
      scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Test SCIMv2', members: [] }),
      201,
    );
    await expectStatus(scim('GET', `/Groups/${group.id}`), 200);
    await expectStatus(
      scim(
        'PATCH',
        `/Groups/${group.id}`,
        ops({ op: 'replace', value: { id: group.id, displayName: 'Test SCIMv2 renamed' } }),
      ),
      200,
    );
    const base = group.meta.location.replace(/\/Groups\/.*$/, '');
    const added = await expectStatus(
      scim(
        'PATCH',
        `/Groups/${group.id}`,
        ops({
          op: 'add',
          path: 'members',
          value: [
            { value: a, display: `a-${tag}@example.com` },
            { value: b, $ref: `${base}/Users/${b}`, type: 'User' },
          ],
        }),
      ),
      200,
    );
    expect(added.displayName).toBe('Test SCIMv2 renamed');
    expect(added.members.map((m: { value: string }) => m.value).sort()).toEqual([a, b].sort());
    for (const m of added.members)
      expect(m).toMatchObject({ type: 'User', $ref: `${base}/Users/${m.value}` });
    const removed = await expectStatus(
      scim('PATCH', `/Groups/${group.id}`, ops({ op: 'remove', path: `members[value eq "${a}"]` })),
      200,
    );
    expect(removed.members.map((m: { value: string }) => m.value)).toEqual([b]);
    const put = await expectStatus(
      scim('PUT', `/Groups/${group.id}`, {
        schemas: [GROUP_SCHEMA],
        id: group.id,
        displayName: 'Test SCIMv2',
        members: [{ value: a, display: `a-${tag}@example.com` }],
      }),
      200,
    );
    expect(put).toMatchObject({ displayName: 'Test SCIMv2', members: [{ value: a }] });
    await expectStatus(scim('DELETE', `/Groups/${group.id}`), 204);
    expect((await expectStatus(scim('GET', `/Users/${a}`), 200)).groups).toEqual([]);
  });

  it('RFC 7644 §3.5.2: a group PATCH or PUT is all or nothing', async () => {
    const { admin, scim } = await client('Atomic');
    const tag = admin.tenantId.slice(0, 8);
    const ids: string[] = [];
    for (const name of ['x', 'y']) {
      ids.push(
        (await expectStatus(scim('POST', '/Users', { userName: `${name}-${tag}@example.com` }), 201)).id,
      );
    }
    const [x, y] = ids as [string, string];
    const group = await expectStatus(
      scim('POST', '/Groups', { displayName: 'Atomic', members: [{ value: x }] }),
      201,
    );
    await expectStatus(scim('POST', '/Groups', { displayName: 'Taken' }), 201);
    const unknownUser = randomUUID();
    const unchanged = { displayName: 'Atomic', members: [{ value: x }] };

    // A valid add, then an operation that fails on its value: nothing of the request is saved.
    for (const body of [
      ops(
        { op: 'add', path: 'members', value: [{ value: y }] },
        { op: 'add', path: 'members', value: [{ value: unknownUser }] },
      ),
      ops(
        { op: 'replace', path: 'displayName', value: 'Renamed' },
        { op: 'add', path: 'members', value: [{ value: unknownUser }] },
      ),
      ops(
        { op: 'add', path: 'members', value: [{ value: y }] },
        { op: 'replace', path: 'displayName', value: 'taken' },
      ),
      ops(
        { op: 'add', path: 'members', value: [{ value: y }] },
        { op: 'replace', path: 'nickname', value: 'x' },
      ),
      ops({ op: 'remove', path: `members[value eq "${x}"]` }, { op: 'remove', path: 'displayName' }),
    ]) {
      const res = await scim('PATCH', `/Groups/${group.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(await expectStatus(scim('GET', `/Groups/${group.id}`), 200)).toMatchObject(unchanged);
    }
    const put = await scim('PUT', `/Groups/${group.id}`, {
      displayName: 'Renamed by PUT',
      members: [{ value: y }, { value: unknownUser }],
    });
    expect(put.statusCode).toBe(400);
    expect(await expectStatus(scim('GET', `/Groups/${group.id}`), 200)).toMatchObject(unchanged);
    // A new group whose member is refused leaves no group behind.
    await expectStatus(
      scim('POST', '/Groups', { displayName: 'Half', members: [{ value: unknownUser }] }),
      400,
    );
    expect(await expectStatus(scim('GET', `/Groups?${q('displayName eq "Half"')}`), 200)).toMatchObject({
      totalResults: 0,
    });
    // The operations of one request apply in their order: add, then replace, then add.
    const ordered = await expectStatus(
      scim(
        'PATCH',
        `/Groups/${group.id}`,
        ops(
          { op: 'add', path: 'members', value: [{ value: y }] },
          { op: 'replace', path: 'members', value: [{ value: x }] },
          { op: 'add', path: 'members', value: [{ value: y }] },
          { op: 'remove', path: `members[value eq "${x}"]` },
        ),
      ),
      200,
    );
    expect(ordered.members.map((m: { value: string }) => m.value)).toEqual([y]);
  });
});
