import { randomUUID } from 'node:crypto';
import {
  authEndpoints,
  MESSAGES,
  passwordEndpoints,
  sessionEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAdministratorsOnly, expectEachAnswers } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  cookieFrom,
  createTenantWithUser,
  lastMailTo,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { auditEvents, mfaDevices, users } from '../../db/schema/index.js';
import { REDACTED } from '../../platform/audit/audit.service.js';
import { createGroup, createUser, grantDevopsSeats, insertRole } from '../groups/groups.test-helpers.js';

const PASSWORD = 'Secret-123!';
const person = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email });

describe('users', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const login = (u: TestUser, email: string, password: string) =>
    api.call(null, authEndpoints.login, { body: { tenantName: u.tenantName, email, password } });

  it('creates a user with a password: Confirmed, able to log in, audited without the password', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.call(u, userEndpoints.create, {
      body: {
        ...person('Ada@Example.com'),
        password: PASSWORD,
        isAdmin: true,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      groupId: null,
      group: null,
      status: 'Confirmed',
      isEnableMfa: false,
      isAdmin: true,
      // An administrator made through `isAdmin` is an Owner (migration 0038).
      adminRoles: ['Owner'],
      scimManaged: false,
      lastSignInAt: null,
      invitation: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body).not.toContain(PASSWORD);
    expect((await login(u, 'ada@example.com', PASSWORD)).statusCode).toBe(200);

    const [event] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, res.json().id)).orderBy(auditEvents.seq),
    );
    expect(event).toMatchObject({
      action: 'create',
      targetType: 'user',
      actorId: u.userId,
      changes: { email: { after: 'ada@example.com' }, password: { after: REDACTED } },
    });
  });

  it('invites a user created without a password: WaitConfirmation, and a link that confirms them', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.call(u, userEndpoints.create, { body: person('invited@example.com') });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('WaitConfirmation');
    expect((await login(u, 'invited@example.com', PASSWORD)).statusCode).toBe(401);

    const mail = await lastMailTo(t, 'invited@example.com');
    expect(mail.subject).toMatch(/invited/);
    expect(mail.text).toContain(u.tenantName);
    const code = decodeURIComponent(/change-password\?code=(\S+)/.exec(mail.text)![1]!);
    const reset = await api.call(null, passwordEndpoints.resetPassword, {
      body: { code, password: 'New-secret-1' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await api.call(u, userEndpoints.get, { params: { id: res.json().id } })).json().status).toBe(
      'Confirmed',
    );
    expect((await login(u, 'invited@example.com', 'New-secret-1')).statusCode).toBe(200);
  });

  it('refuses an e-mail already used in the tenant, in any letter case', async () => {
    const u = await createTenantWithUser(t);
    await createUser(t, u, { email: 'taken@example.com' });
    const dup = await api.call(u, userEndpoints.create, {
      body: { ...person('TAKEN@example.com'), password: PASSWORD },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ email: 'A user with this email already exists' });
    const other = await createUser(t, u, { email: 'other@example.com' });
    const renamed = await api.call(u, userEndpoints.update, {
      params: { id: other },
      body: { email: 'Taken@example.com' },
    });
    expect(renamed.statusCode).toBe(409);
    // Keeping one's own address is no conflict; another tenant may use it.
    expect(
      (
        await api.call(u, userEndpoints.update, {
          params: { id: other },
          body: { email: 'other@example.com' },
        })
      ).statusCode,
    ).toBe(200);
    const stranger = await createTenantWithUser(t);
    expect(
      (await api.call(stranger, userEndpoints.create, { body: person('taken@example.com') })).statusCode,
    ).toBe(201);
  });

  it('puts a user into a group on create and edit, and answers the group by name', async () => {
    const u = await createTenantWithUser(t);
    const roleId = await insertRole(t, u.tenantId, 'Viewers');
    const groupId = await createGroup(t, u, { name: 'Sales team', roleId });
    const other = await createGroup(t, u, { name: 'Support', roleId });
    const res = await api.call(u, userEndpoints.create, {
      body: {
        ...person('g@example.com'),
        password: PASSWORD,
        groupId,
      },
    });
    expect(res.json()).toMatchObject({ groupId, group: { id: groupId, name: 'Sales team' } });
    const id = res.json().id;
    const moved = await api.call(u, userEndpoints.update, { params: { id }, body: { groupId: other } });
    expect(moved.json().group).toEqual({ id: other, name: 'Support' });
    const left = await api.call(u, userEndpoints.update, { params: { id }, body: { groupId: null } });
    expect(left.json()).toMatchObject({ groupId: null, group: null });
  });

  it('answers 404 at the field for a group of another tenant', async () => {
    const u = await createTenantWithUser(t);
    const stranger = await createTenantWithUser(t);
    const foreign = await createGroup(t, stranger, {
      name: 'Foreign',
      roleId: await insertRole(t, stranger.tenantId, 'R'),
    });
    const res = await api.call(u, userEndpoints.create, {
      body: {
        ...person('foreign-group@example.com'),
        groupId: foreign,
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields).toEqual({ groupId: 'Group not found.' });
    const id = await createUser(t, u);
    expect(
      (await api.call(u, userEndpoints.update, { params: { id }, body: { groupId: foreign } })).statusCode,
    ).toBe(404);
    expect(
      (await api.call(u, userEndpoints.list, { query: { searchText: 'foreign-group' } })).json().total,
    ).toBe(0);
  });

  it('refuses a group whose role has no DevOps seat left', async () => {
    const u = await createTenantWithUser(t);
    await grantDevopsSeats(t, u.tenantId, 1);
    const roleId = await insertRole(t, u.tenantId, 'Developers', { devopsFullAccess: true });
    const groupId = await createGroup(t, u, { name: 'Developers', roleId });
    await createUser(t, u, { groupId });
    const res = await api.call(u, userEndpoints.create, { body: { ...person('seat@example.com'), groupId } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough DevOps seats: 0 available, 1 needed.');
    // Nothing of the refused create stays.
    expect((await api.call(u, userEndpoints.list, { query: { searchText: 'seat@' } })).json().total).toBe(0);
    const free = await createUser(t, u);
    expect(
      (await api.call(u, userEndpoints.update, { params: { id: free }, body: { groupId } })).statusCode,
    ).toBe(409);
  });

  it('reads one user, with the MFA state from their devices', async () => {
    const u = await createTenantWithUser(t);
    const id = await createUser(t, u, { firstName: 'Alan', lastName: 'Turing' });
    const read = async () => (await api.call(u, userEndpoints.get, { params: { id } })).json();
    expect(await read()).toMatchObject({ id, firstName: 'Alan', lastName: 'Turing', isEnableMfa: false });
    await t.database.tenant(u.tenantId, (tx) =>
      tx.insert(mfaDevices).values({ tenantId: u.tenantId, userId: id, name: 'phone', secret: 'x' }),
    );
    expect((await read()).isEnableMfa).toBe(false);
    await t.database.tenant(u.tenantId, (tx) => tx.update(mfaDevices).set({ status: 'Enable' }));
    expect((await read()).isEnableMfa).toBe(true);
  });

  it('edits names, e-mail and administrator flag; a new password ends the user’s sessions', async () => {
    const u = await createTenantWithUser(t);
    const id = await createUser(t, u, { email: 'edit@example.com' });
    const res = await api.call(u, userEndpoints.update, {
      params: { id },
      body: {
        firstName: ' Barbara ',
        lastName: 'Liskov',
        email: 'Barbara@Example.com',
        isAdmin: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Barbara',
      lastName: 'Liskov',
      email: 'barbara@example.com',
      isAdmin: true,
      status: 'Confirmed',
    });

    const cookie = cookieFrom(await login(u, 'barbara@example.com', PASSWORD));
    expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie })).statusCode).toBe(200);
    await api.call(u, userEndpoints.update, { params: { id }, body: { password: 'Another-1!' } });
    expect((await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie })).statusCode).toBe(401);
    expect((await login(u, 'barbara@example.com', 'Another-1!')).statusCode).toBe(200);
    // The administrator who changed it keeps their own session.
    expect((await api.call(u, sessionEndpoints.session)).statusCode).toBe(200);
  });

  it('deletes a user, with an audit event, and then answers 404', async () => {
    const u = await createTenantWithUser(t);
    const id = await createUser(t, u);
    expect((await api.call(u, userEndpoints.remove, { params: { id } })).statusCode).toBe(204);
    expect((await api.call(u, userEndpoints.get, { params: { id } })).statusCode).toBe(404);
    expect((await api.call(u, userEndpoints.remove, { params: { id } })).statusCode).toBe(404);
    const [event] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'delete')),
    );
    expect(event).toMatchObject({ targetType: 'user', targetId: id });
  });

  describe('list', () => {
    let u: TestUser;
    let groupId: string;
    const people = [
      ['Alice', 'Smith', 'alice@acme.test'],
      ['Bob', 'Jones', 'bob.smith@acme.test'],
      ['Carol', 'White', 'carol@acme.test'],
      ['Dan', 'Brown', 'dan@acme.test'],
      ['Eve', 'Black', 'eve@acme.test'],
      ['Frank', 'Green', 'frank@acme.test'],
      ['Grace', 'Hopper', 'grace@acme.test'],
      ['Heidi', 'Klum', 'heidi_k@acme.test'],
      ['Ivan', 'Petrov', 'ivan@acme.test'],
      ['Judy', 'Moss', 'judy@acme.test'],
      ['Ken', 'Thompson', 'ken@acme.test'],
    ] as const;

    beforeAll(async () => {
      u = await createTenantWithUser(t);
      groupId = await createGroup(t, u, {
        name: 'Engineers',
        roleId: await insertRole(t, u.tenantId, 'Dev'),
      });
      const start = Date.UTC(2024, 0, 1);
      await t.database.tenant(u.tenantId, (tx) =>
        tx.insert(users).values(
          people.map(([firstName, lastName, email], i) => ({
            tenantId: u.tenantId,
            firstName,
            lastName,
            email,
            status: 'Confirmed' as const,
            groupId: i === 0 ? groupId : null,
            updatedAt: new Date(start + i * 60_000),
          })),
        ),
      );
      // Another tenant's users never show.
      await createUser(t, await createTenantWithUser(t), { firstName: 'Alice', email: 'alice@else.test' });
    });

    const list = async (query: string) => (await api.send(u, 'GET', `/api/v1/users?${query}`)).json();
    const emails = (body: { users: { email: string }[] }) => body.users.map((user) => user.email);

    it('pages by 10, most recently updated first, with the total and the group name', async () => {
      const first = await list('');
      expect(first.total).toBe(12);
      expect(first.users).toHaveLength(10);
      expect(first.users[0].email).toBe(u.email);
      expect(emails(first).slice(1, 3)).toEqual(['ken@acme.test', 'judy@acme.test']);
      const last = await list('limit=10&offset=10');
      expect(emails(last)).toEqual(['bob.smith@acme.test', 'alice@acme.test']);
      expect(last.users[1].group).toEqual({ id: groupId, name: 'Engineers' });
      expect(emails(await list('limit=2&offset=3'))).toEqual(['ivan@acme.test', 'heidi_k@acme.test']);
      // A page past the end still says how many there are, with and without a search.
      expect(await list('limit=10&offset=40')).toMatchObject({ users: [], total: 12 });
      expect(await list('limit=10&offset=40&searchText=acme.test')).toMatchObject({ users: [], total: 11 });
      expect(await list('limit=1&offset=1&searchText=smith')).toMatchObject({ total: 2 });
      expect(await list('searchText=nobody-here')).toMatchObject({ users: [], total: 0 });
    });

    it('searches by user (name or e-mail), by name only or by e-mail only, in any letter case', async () => {
      expect(emails(await list('searchText=SMITH'))).toEqual(['bob.smith@acme.test', 'alice@acme.test']);
      expect(emails(await list('searchText=smith&searchBy=name'))).toEqual(['alice@acme.test']);
      expect(emails(await list('searchText=smith&searchBy=email'))).toEqual(['bob.smith@acme.test']);
      expect(emails(await list('searchText=grace%20hop'))).toEqual(['grace@acme.test']);
      // Shorter than a trigram: the tenant's rows are read, by the same rules.
      expect(emails(await list('searchText=KE'))).toEqual(['ken@acme.test']);
      expect(emails(await list('searchText=ho&searchBy=name'))).toEqual(['ken@acme.test', 'grace@acme.test']);
      expect(await list('searchText=ho&searchBy=email&offset=5')).toMatchObject({ users: [], total: 0 });
      // % and _ are taken literally.
      expect(emails(await list('searchText=i_k'))).toEqual(['heidi_k@acme.test']);
      expect((await list('searchText=%25')).total).toBe(0);
      // The spec's columns are accepted and ignored.
      expect((await list('columns=id&columns=email&searchText=acme.test&limit=1')).total).toBe(11);
    });

    it('rejects a bad page or search field', async () => {
      for (const query of ['limit=0', 'limit=1000', 'offset=-1', 'searchBy=phone']) {
        expect((await api.send(u, 'GET', `/api/v1/users?${query}`)).statusCode).toBe(400);
      }
    });

    /** Every page from the first, each asked with the `next` of the one before; its totals too. */
    async function walk(query: string) {
      const pages: { users: { email: string }[]; total: number; next: string | null }[] = [];
      let next: string | null = '';
      while (next !== null) {
        const page = await list(`${query}${next ? `&after=${next}` : ''}`);
        pages.push(page);
        next = page.next;
        if (pages.length > 20) throw new Error('the pages never end');
      }
      return pages;
    }

    it('pages by key with `after`: the same users in the same order as by offset, `next` null at the end', async () => {
      const byOffset = [...emails(await list('limit=10')), ...emails(await list('limit=10&offset=10'))];
      const pages = await walk('limit=5');
      expect(pages.map((page) => page.users.length)).toEqual([5, 5, 2]);
      expect(pages.flatMap(emails)).toEqual(byOffset);
      expect(pages.every((page) => page.total === 12)).toBe(true);
      // A page that ends exactly at the last user says so: no empty page follows.
      expect((await walk('limit=6')).map((page) => page.users.length)).toEqual([6, 6]);
      // With a search, the count is the search's on every page.
      const searched = await walk('limit=4&searchText=acme.test');
      expect(searched.flatMap(emails)).toHaveLength(11);
      expect(searched.every((page) => page.total === 11)).toBe(true);
      // `offset` counts from the cursor.
      const [first] = pages;
      expect(emails(await list(`limit=2&offset=1&after=${first!.next}`))).toEqual(byOffset.slice(6, 8));
    });

    it('keeps users updated within the same millisecond apart: the cursor is exact to the microsecond', async () => {
      const other = await createTenantWithUser(t);
      await t.database.tenant(other.tenantId, (tx) =>
        tx.insert(users).values(
          ['a', 'b', 'c'].map((name, i) => ({
            tenantId: other.tenantId,
            firstName: name,
            lastName: name,
            email: `${name}@same.test`,
            status: 'Confirmed' as const,
            updatedAt: sql`timestamptz '2024-06-01 00:00:00.000100+00' + ${i} * interval '1 microsecond'`,
          })),
        ),
      );
      const seen: string[] = [];
      let next: string | null = '';
      while (next !== null) {
        const page: { users: { email: string }[]; next: string | null } = (
          await api.send(other, 'GET', `/api/v1/users?limit=1${next ? `&after=${next}` : ''}`)
        ).json();
        seen.push(...emails(page));
        next = page.next;
      }
      expect(seen).toEqual([other.email, 'c@same.test', 'b@same.test', 'a@same.test']);
    });

    it('answers 400 at `after` for a cursor no answer gave', async () => {
      const foreign = [
        'abc',
        '12.not-an-id',
        `12.${randomUUID()}x`,
        `-12.${randomUUID()}`,
        '%3Cscript%3E',
        'A'.repeat(81),
      ];
      for (const after of foreign) {
        const res = await api.send(u, 'GET', `/api/v1/users?after=${after}`);
        expect(res.statusCode, after).toBe(400);
        expect(res.json().fields, after).toEqual({ after: MESSAGES.invalidCursor });
      }
    });
  });

  describe('access', () => {
    const endpoints = (id: string) =>
      [
        ['GET', '/api/v1/users', undefined],
        ['GET', `/api/v1/users/${id}`, undefined],
        ['POST', '/api/v1/users', person('someone@example.com')],
        ['PATCH', `/api/v1/users/${id}`, { firstName: 'Someone' }],
        ['DELETE', `/api/v1/users/${id}`, undefined],
        ['POST', `/api/v1/users/password/${id}/reset`, undefined],
      ] as const;

    it('answers 404 for another tenant’s user, who stays as they were', async () => {
      const owner = await createTenantWithUser(t);
      const id = await createUser(t, owner, { firstName: 'Owned' });
      const other = await createTenantWithUser(t);
      await expectEachAnswers(
        api,
        other,
        endpoints(id).filter(([, url]) => url.includes(id)),
        404,
      );
      expect((await api.call(owner, userEndpoints.get, { params: { id } })).json()).toMatchObject({
        firstName: 'Owned',
        status: 'Confirmed',
      });
    });

    it('answers 401 without a session, 403 to a non-administrator', async () => {
      const admin = await createTenantWithUser(t);
      const id = await createUser(t, admin);
      const member = await createTenantWithUser(t, { isAdmin: false });
      await expectAdministratorsOnly(api, member, endpoints(id));
    });

    it('answers 404 for an unknown id and 400 for one that is no id', async () => {
      const u = await createTenantWithUser(t);
      expect((await api.call(u, userEndpoints.get, { params: { id: randomUUID() } })).statusCode).toBe(404);
      expect((await api.send(u, 'GET', '/api/v1/users/not-an-id')).statusCode).toBe(400);
    });
  });
});
