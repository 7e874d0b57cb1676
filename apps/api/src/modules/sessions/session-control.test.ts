import { randomUUID } from 'node:crypto';
import { signedInSessionEndpoints as endpoints, NOT_FOUND, sessionEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdministratorsOnly } from '../../../test/answers.js';
import { apiCaller } from '../../../test/api-caller.js';
import {
  createTenantWithUser,
  signIn,
  type TestApp,
  type TestUser,
  testConfig,
  useTestApp,
} from '../../../test/app.js';
import { usePostgresDatabase } from '../../../test/database.js';
import { buildApp } from '../../app.js';
import { openPostgres } from '../../db/postgres.js';
import { auditEvents } from '../../db/schema/index.js';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('sessions: my own and, for an administrator, a user’s', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  /** The user with `n` more sessions than the one they call with; each as a TestUser. */
  async function withSessions(user: TestUser, n: number) {
    const others: TestUser[] = [];
    for (let i = 0; i < n; i++) others.push({ ...user, cookie: await signIn(t, user.tenantId, user.userId) });
    return others;
  }
  const signedIn = async (user: TestUser) => (await api.call(user, sessionEndpoints.session)).statusCode;

  it('lists my sessions, most recently used first, with the device in words and the current one marked', async () => {
    const me = await createTenantWithUser(t, { isAdmin: false });
    await api.call(me, sessionEndpoints.session, { headers: { 'user-agent': CHROME_ON_MAC } } as never);
    const [other] = await withSessions(me, 1);
    const { sessions } = (await api.call(me, endpoints.mine)).result();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    for (const session of sessions) {
      expect(session).toMatchObject({ device: expect.any(String), ip: '127.0.0.1' });
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThan(0);
    }
    // Another user's sessions never show.
    await createTenantWithUser(t, { inTenant: me.tenantId });
    expect((await api.call(other!, endpoints.mine)).result().sessions).toHaveLength(2);
  });

  it('ends one of my sessions: its next call answers 401, the others go on; audited', async () => {
    const me = await createTenantWithUser(t, { isAdmin: false });
    const [phone, laptop] = await withSessions(me, 2);
    expect(await signedIn(phone!)).toBe(200);
    const phoneId = (await api.call(phone!, endpoints.mine)).result().sessions.find((s) => s.current)!.id;
    expect((await api.call(me, endpoints.endMine, { params: { id: phoneId } })).statusCode).toBe(204);
    expect(await signedIn(phone!)).toBe(401);
    expect(await signedIn(laptop!)).toBe(200);
    expect(await signedIn(me)).toBe(200);
    const [event] = await t.database.tenant(me.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'end-session'), eq(auditEvents.targetId, me.userId))),
    );
    expect(event).toMatchObject({ actorId: me.userId, targetType: 'user' });
    // Ended is gone: a second time, or someone else's session, is 404.
    const again = await api.call(me, endpoints.endMine, { params: { id: phoneId } });
    expect(again.refusal()).toMatchObject({ statusCode: 404, message: NOT_FOUND.session });
    const stranger = await createTenantWithUser(t, { inTenant: me.tenantId });
    const theirs = (await api.call(stranger, endpoints.mine)).result().sessions[0]!.id;
    expect((await api.call(me, endpoints.endMine, { params: { id: theirs } })).statusCode).toBe(404);
    expect(await signedIn(stranger)).toBe(200);
  });

  it('signs me out everywhere else: only the session that asked goes on', async () => {
    const me = await createTenantWithUser(t, { isAdmin: false });
    const others = await withSessions(me, 3);
    expect((await api.call(me, endpoints.endMyOthers)).statusCode).toBe(204);
    for (const other of others) expect(await signedIn(other)).toBe(401);
    expect(await signedIn(me)).toBe(200);
    expect((await api.call(me, endpoints.mine)).result().sessions).toHaveLength(1);
  });

  it('lets an administrator see and end a user’s sessions, one or all', async () => {
    const admin = await createTenantWithUser(t);
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const [second, third] = await withSessions(member, 2);
    const listed = (await api.call(admin, endpoints.ofUser, { params: { id: member.userId } })).result();
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions.every((s) => !s.current)).toBe(true);

    const one = (await api.call(second!, endpoints.mine)).result().sessions.find((s) => s.current)!.id;
    const ended = await api.call(admin, endpoints.endOneOfUser, {
      params: { id: member.userId, sessionId: one },
    });
    expect(ended.statusCode).toBe(204);
    expect(await signedIn(second!)).toBe(401);
    expect(await signedIn(third!)).toBe(200);
    // A session of another user, named under this one, is not found.
    const adminSession = (await api.call(admin, endpoints.mine)).result().sessions[0]!.id;
    const wrongUser = await api.call(admin, endpoints.endOneOfUser, {
      params: { id: member.userId, sessionId: adminSession },
    });
    expect(wrongUser.statusCode).toBe(404);

    expect(
      (await api.call(admin, endpoints.endAllOfUser, { params: { id: member.userId } })).statusCode,
    ).toBe(204);
    for (const session of [member, third!]) expect(await signedIn(session)).toBe(401);
    expect(await signedIn(admin)).toBe(200);
    const events = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, member.userId)),
    );
    expect(events.map((e) => e.action).sort()).toEqual(['end-session', 'end-sessions']);
    // Named as they were, whatever becomes of the user.
    expect(events.map((e) => e.targetName)).toEqual([member.email, member.email]);
  });

  it('answers 404 for another tenant’s user or session, and 400 for an id that is no id', async () => {
    const admin = await createTenantWithUser(t);
    const elsewhere = await createTenantWithUser(t);
    const [theirs] = (await api.call(elsewhere, endpoints.mine)).result().sessions;
    for (const call of [
      api.call(admin, endpoints.ofUser, { params: { id: elsewhere.userId } }),
      api.call(admin, endpoints.endAllOfUser, { params: { id: elsewhere.userId } }),
      api.call(admin, endpoints.endOneOfUser, { params: { id: elsewhere.userId, sessionId: theirs!.id } }),
      api.call(admin, endpoints.ofUser, { params: { id: randomUUID() } }),
    ]) {
      expect((await call).refusal()).toMatchObject({ statusCode: 404, message: NOT_FOUND.user });
    }
    expect((await api.call(admin, endpoints.endMine, { params: { id: theirs!.id } })).statusCode).toBe(404);
    expect(await signedIn(elsewhere)).toBe(200);
    for (const url of [
      '/api/v1/sessions/me/1',
      `/api/v1/users/x/sessions`,
      `/api/v1/users/${admin.userId}/sessions/<b>`,
    ]) {
      const res = await api.send(admin, url.endsWith('sessions') ? 'GET' : 'DELETE', url);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('keeps a user’s sessions to administrators; everyone has their own', async () => {
    const admin = await createTenantWithUser(t);
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const path = `/api/v1/users/${admin.userId}/sessions`;
    await expectAdministratorsOnly(api, member, [
      ['GET', path, undefined],
      ['DELETE', path, undefined],
      ['DELETE', `${path}/${randomUUID()}`, undefined],
    ]);
    expect(await signedIn(admin)).toBe(200);
    expect((await api.call(member, endpoints.mine)).statusCode).toBe(200);
    expect((await api.send(null, 'GET', '/api/v1/sessions/me')).statusCode).toBe(401);
  });
});

/**
 * Two API processes, each with its own connections to one PostgreSQL, as deployed: a session ended
 * through one is refused by the other on its next call, long before what the other kept of it would
 * have expired (kept for a second here). The other hears of it from the database's notification.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a session ended in one process, in another', () => {
  const created = usePostgresDatabase();
  const apps: TestApp[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      // Each app closes its own database.
      const { database } = openPostgres(created.url, { max: 2 });
      const config = testConfig({ SESSION_CACHE_MS: '1000' });
      const app: FastifyInstance = await buildApp(config, { database, logger: false });
      await app.ready();
      apps.push({ app, database, config, close: () => app.close() });
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('is refused by the other process within a few milliseconds', async () => {
    const [one, other] = apps as [TestApp, TestApp];
    const admin = await createTenantWithUser(one);
    const member = await createTenantWithUser(one, { inTenant: admin.tenantId, isAdmin: false });
    // The other process resolves the member's session and keeps it.
    for (let i = 0; i < 3; i++) {
      expect((await apiCaller(other).call(member, sessionEndpoints.session)).statusCode).toBe(200);
    }
    const endedAt = Date.now();
    const ended = await apiCaller(one).call(admin, endpoints.endAllOfUser, { params: { id: member.userId } });
    expect(ended.statusCode).toBe(204);
    let status = 200;
    while (status === 200 && Date.now() - endedAt < 1000) {
      // A call through inject never waits for input: the notification's bytes are read between calls,
      // as they are between the requests a server reads from its sockets.
      await new Promise((resolve) => setTimeout(resolve, 5));
      status = (await apiCaller(other).call(member, sessionEndpoints.session)).statusCode;
    }
    expect(status).toBe(401);
    // Refused long before the second the other process would have kept the session for.
    expect(Date.now() - endedAt).toBeLessThan(250);
  });
});
