import { randomUUID } from 'node:crypto';
import { USER_LIST_MESSAGES, type UserListQuery, userEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, signIn, type TestUser, useTestApp } from '../../../test/app.js';
import { mfaDevices, passkeys, users } from '../../db/schema/index.js';
import { createGroup, createUser, insertRole } from '../groups/groups.test-helpers.js';

describe('users list: filters and sorts', () => {
  const t = useTestApp();
  const api = apiCaller(t);
  let u: TestUser;
  const ids: Record<string, string> = {};

  /** The e-mails of one page, in its order. */
  const emails = async (query: UserListQuery) => {
    const res = await api.call(u, userEndpoints.list, { query });
    return res.result().users.map((user) => user.email.split('@')[0]);
  };

  beforeAll(async () => {
    u = await createTenantWithUser(t, { email: 'admin@example.com' });
    const role = await insertRole(t, u.tenantId, 'Readers');
    const group = await createGroup(t, u, { name: 'Readers group', roleId: role });
    ids.group = group;
    ids.carol = await createUser(t, u, {
      firstName: 'Carol',
      lastName: 'Zed',
      email: 'carol@example.com',
      groupId: group,
    });
    ids.bob = await createUser(t, u, {
      firstName: 'Bob',
      lastName: 'Young',
      email: 'bob@example.com',
      isAdmin: true,
    });
    ids.alice = await createUser(t, u, {
      firstName: 'alice',
      lastName: 'Xu',
      email: 'alice@example.com',
      groupId: group,
    });
    ids.dave = (
      await api.call(u, userEndpoints.create, {
        body: { firstName: 'Dave', lastName: 'Wu', email: 'dave@example.com' },
      })
    ).result().id;
    await api.call(u, userEndpoints.update, { params: { id: ids.carol }, body: { status: 'Disabled' } });
    // Alice has an authenticator, Bob a passkey; Dave's authenticator is not confirmed yet.
    await t.database.tenant(u.tenantId, async (tx) => {
      await tx.insert(mfaDevices).values([
        { tenantId: u.tenantId, userId: ids.alice!, name: 'phone', secret: 'x', status: 'Enable' },
        { tenantId: u.tenantId, userId: ids.dave!, name: 'phone', secret: 'x', status: 'WaitConfirmation' },
      ]);
      await tx.insert(passkeys).values({
        tenantId: u.tenantId,
        userId: ids.bob!,
        name: 'key',
        credentialId: randomUUID(),
        publicKey: 'k',
      });
    });
    // Bob signed in after Alice; Carol and Dave never did (admin signed in first, when created).
    await signIn(t, u.tenantId, ids.alice!);
    await signIn(t, u.tenantId, ids.bob!);
  });

  it('filters by status, group, administrator and MFA, each alone and together, with their totals', async () => {
    expect(await emails({ status: 'Disabled' })).toEqual(['carol']);
    expect(await emails({ status: 'WaitConfirmation' })).toEqual(['dave']);
    expect(await emails({ groupId: ids.group, sort: 'name', order: 'ASC' })).toEqual(['alice', 'carol']);
    expect(await emails({ isAdmin: true, sort: 'email', order: 'ASC' })).toEqual(['admin', 'bob']);
    expect(await emails({ isAdmin: false, sort: 'email', order: 'ASC' })).toEqual(['alice', 'carol', 'dave']);
    expect(await emails({ mfa: 'enrolled', sort: 'email', order: 'ASC' })).toEqual(['alice', 'bob']);
    expect(await emails({ mfa: 'notEnrolled', sort: 'email', order: 'ASC' })).toEqual([
      'admin',
      'carol',
      'dave',
    ]);
    expect(await emails({ groupId: ids.group, mfa: 'enrolled' })).toEqual(['alice']);
    expect(await emails({ groupId: ids.group, status: 'Confirmed', searchText: 'ali' })).toEqual(['alice']);
    expect(await emails({ status: 'Confirmed', searchText: 'al' })).toEqual(['alice']);

    const page = (await api.call(u, userEndpoints.list, { query: { isAdmin: false, limit: 2 } })).result();
    expect(page.users).toHaveLength(2);
    expect(page.total).toBe(3);
    const past = (
      await api.call(u, userEndpoints.list, { query: { isAdmin: false, limit: 2, offset: 4 } })
    ).result();
    expect(past).toMatchObject({ users: [], total: 3, next: null });
  });

  it('sorts by name, e-mail, status, last sign-in and update, either way', async () => {
    expect(await emails({ sort: 'name', order: 'ASC' })).toEqual(['alice', 'bob', 'carol', 'dave', 'admin']);
    expect(await emails({ sort: 'name', order: 'DESC' })).toEqual(['admin', 'dave', 'carol', 'bob', 'alice']);
    expect(await emails({ sort: 'email', order: 'DESC' })).toEqual([
      'dave',
      'carol',
      'bob',
      'alice',
      'admin',
    ]);
    const byStatus = await emails({ sort: 'status', order: 'ASC' });
    expect(byStatus.slice(-2)).toEqual(['carol', 'dave']);
    // Newest sign-in first, those who never signed in last; oldest first puts them first.
    const signedIn = await emails({ sort: 'lastSignInAt', order: 'DESC' });
    expect(signedIn.slice(0, 3)).toEqual(['bob', 'alice', 'admin']);
    expect(new Set(signedIn.slice(3))).toEqual(new Set(['carol', 'dave']));
    expect((await emails({ sort: 'lastSignInAt', order: 'ASC' })).slice(2)).toEqual([
      'admin',
      'alice',
      'bob',
    ]);

    const list = (await api.call(u, userEndpoints.list, { query: { sort: 'lastSignInAt' } })).result();
    const bob = list.users.find((user) => user.id === ids.bob)!;
    expect(bob.lastSignInAt).not.toBeNull();
    expect(list.users.find((user) => user.id === ids.carol)!.lastSignInAt).toBeNull();

    const newest = await emails({});
    expect(await emails({ sort: 'updatedAt', order: 'ASC' })).toEqual([...newest].reverse());
  });

  it('signing in changes no update time: only the last sign-in', async () => {
    const read = () =>
      t.database.tenant(u.tenantId, (tx) =>
        tx
          .select({ updatedAt: users.updatedAt, lastSignInAt: users.lastSignInAt })
          .from(users)
          .where(and(eq(users.tenantId, u.tenantId), eq(users.id, ids.alice!))),
      );
    const [before] = await read();
    await signIn(t, u.tenantId, ids.alice!);
    const [after] = await read();
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    expect(after!.lastSignInAt!.getTime()).toBeGreaterThan(before!.lastSignInAt!.getTime());
  });

  it('refuses an unknown filter value with the field named, and sees no other tenant', async () => {
    const wrong = await api.send(u, 'GET', '/api/v1/users?status=Pending&sort=age');
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(expect.arrayContaining(['status', 'sort']));
    const cursor = `1700000000000000.${ids.alice}`;
    const filteredCursor = await api.send(u, 'GET', `/api/v1/users?status=Confirmed&after=${cursor}`);
    expect(filteredCursor.statusCode).toBe(400);
    expect(filteredCursor.json().fields).toEqual({ after: USER_LIST_MESSAGES.cursorNeedsDefaultOrder });
    const other = await createTenantWithUser(t);
    const theirs = (await api.call(other, userEndpoints.list, { query: { groupId: ids.group } })).result();
    expect(theirs).toMatchObject({ users: [], total: 0 });
    const member = await createTenantWithUser(t, { inTenant: u.tenantId, isAdmin: false });
    const refused = await api.call(member, userEndpoints.list, { query: { status: 'Disabled' } });
    expect(refused.statusCode).toBe(403);
  });
});
