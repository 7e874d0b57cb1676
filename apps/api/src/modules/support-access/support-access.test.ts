import { randomBytes } from 'node:crypto';
import {
  type AuditEvent,
  adminRoleEndpoints,
  applicationEndpoints,
  auditEndpoints,
  ipRangeEndpoints,
  sessionEndpoints,
  supportAccessEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  createTenantWithUser,
  createTestApp,
  lastMailTo,
  type TestApp,
  type TestUser,
  testConfig,
} from '../../../test/app.js';
import { buildApp } from '../../app.js';
import { runAdmin } from '../../cli/admin-commands.js';
import { supportGrants, supportSessions } from '../../db/schema/index.js';
import { createSecretBox } from '../../platform/secrets/secrets.js';
import { sessionCookieName } from '../sessions/index.js';
import { SUPPORT_START_PATH } from './index.js';

/**
 * Support access: an Owner's grant, the operators' CLI link inside it, and the support session that
 * reads everything but secrets, writes only what was named, never sign-in, MFA or roles, names the
 * operator in every audit event, and ends on every process once the grant is revoked or runs out.
 */
describe('support access', () => {
  let t: TestApp;
  let otherApp: FastifyInstance;
  let other: TestApp;
  let owner: TestUser;
  const api = () => apiCaller(t);
  const secrets = createSecretBox(randomBytes(32));

  beforeAll(async () => {
    t = await createTestApp();
    // A second API process on the same database.
    otherApp = await buildApp(testConfig(), {
      database: { ...t.database, close: async () => {} },
      logger: false,
    });
    await otherApp.ready();
    other = { ...t, app: otherApp };
    owner = await createTenantWithUser(t, { emailVerified: true });
  });
  afterAll(async () => {
    await otherApp?.close();
    await t?.close();
  });

  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(
      argv,
      { database: t.database, secrets, mail: { brand: 'skyvault', publicUrl: t.config.publicUrl } },
      (line) => lines.push(line),
    );
    return { code, out: lines.join('\n') };
  };

  const grant = (who: TestUser, writePermissions: string[] = [], hours = 2) =>
    api().call(who, supportAccessEndpoints.grant, { body: { hours, writePermissions } as never });

  /** The CLI's link for the tenant, opened as the operator's browser would: the support session's cookie. */
  async function supportSession(tenant: TestUser, operator = 'Dana Ops', ticket = 'SUP-1') {
    const { code, out } = await cli(
      'support-session',
      '--tenant',
      tenant.tenantName,
      '--operator',
      operator,
      '--ticket',
      ticket,
    );
    expect(code, out).toBe(0);
    const url = new URL(out.split('\n').find((line) => line.includes(SUPPORT_START_PATH))!);
    const link = url.searchParams.get('link')!;
    const page = await call(t, { method: 'GET', url: `${SUPPORT_START_PATH}?link=${link}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(ticket);
    const started = await call(t, {
      method: 'POST',
      url: SUPPORT_START_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `link=${encodeURIComponent(link)}`,
    });
    expect(started.statusCode, started.body).toBe(303);
    const cookie = ([] as string[])
      .concat(started.headers['set-cookie'] as string)
      .find((c) => c.startsWith(`${sessionCookieName(t.config)}=`))!
      .split(';')[0]!;
    return { link, cookie, support: { ...tenant, cookie } };
  }

  const sessionOf = (cookie: string, app: TestApp = t) =>
    call(app, { method: 'GET', url: sessionEndpoints.session.path, cookie });

  it('the CLI refuses without a live grant, in one line with exit code 1', async () => {
    const { code, out } = await cli(
      'support-session',
      '--tenant',
      owner.tenantName,
      '--operator',
      'Dana Ops',
      '--ticket',
      'SUP-0',
    );
    expect(code).toBe(1);
    expect(out).toBe(
      `The organization "${owner.tenantName}" has not granted support access, or its grant has ended or was revoked.`,
    );
  });

  it('only an Owner grants; the window and the permissions are checked', async () => {
    const auditor = await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: ['Auditor'] });
    const security = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['SecurityAdministrator'],
    });
    expect((await grant(auditor)).statusCode).toBe(403);
    expect((await grant(security)).statusCode).toBe(403);
    expect((await grant(owner, [], 0)).statusCode).toBe(400);
    expect((await grant(owner, [], 24 * 31)).statusCode).toBe(400);
    for (const never of ['sign-in:write', 'credentials:reset', 'admin-roles:write', 'api-tokens:write']) {
      const refused = await grant(owner, [never]);
      expect(refused.statusCode, never).toBe(400);
    }
    // The Auditor reads the grants, as every read.
    expect((await api().call(auditor, supportAccessEndpoints.list)).statusCode).toBe(200);
  });

  it('a read-only session reads, with secrets masked, and every write is refused 403', async () => {
    const app = (await api().call(owner, applicationEndpoints.create, { body: { name: 'Portal' } })).result();
    const granted = (await grant(owner)).result();
    expect(granted).toMatchObject({ state: 'live', mode: 'read-only', writePermissions: [] });
    const { cookie, support, link } = await supportSession(owner);

    // The link works once.
    const again = await call(t, {
      method: 'POST',
      url: SUPPORT_START_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `link=${encodeURIComponent(link)}`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('already used');

    const session = (await sessionOf(cookie)).json();
    expect(session.support).toMatchObject({ operator: 'Dana Ops', ticket: 'SUP-1', mode: 'read-only' });
    expect(session.permissions).not.toContain('users:write');

    const read = (await api().call(support, applicationEndpoints.get, { params: { id: app.id } })).result();
    expect(read.clientSecret).toBe('********');
    expect(app.clientSecret).not.toBe('********');

    const write = await api().call(support, applicationEndpoints.create, { body: { name: 'Other' } });
    expect(write.statusCode).toBe(403);
    expect(write.refusal().message).toMatch(/read-only/);

    // Not a user of the tenant: the users list does not show the operator.
    const listed = (await api().call(support, userEndpoints.list, { query: {} as never })).result();
    const asOwner = (await api().call(owner, userEndpoints.list, { query: {} as never })).result();
    expect(listed.users.map((u) => u.email)).toContain(owner.email);
    expect(listed.users.map((u) => u.id)).toEqual(asOwner.users.map((u) => u.id));
    expect(listed.users.some((u) => u.id === session.id || u.firstName === 'Dana Ops')).toBe(false);
  });

  it('the Owners are e-mailed when the session starts', async () => {
    const mail = await lastMailTo(t, owner.email);
    expect(mail.subject).toMatch(/support session started/);
    expect(mail.text).toContain('Dana Ops');
    expect(mail.text).toContain('SUP-1');
  });

  it('a revoked grant ends its sessions on both processes, and the audit names the operator', async () => {
    const [live] = (await api().call(owner, supportAccessEndpoints.list)).result().grants;
    const { cookie } = await supportSession(owner, 'Lee Ops', 'SUP-2');
    expect((await sessionOf(cookie, other)).statusCode).toBe(200);

    // An id of another tenant's grant is not found.
    const stranger = await createTenantWithUser(t);
    expect(
      (await api().call(stranger, supportAccessEndpoints.revoke, { params: { id: live!.id } })).statusCode,
    ).toBe(404);

    (await api().call(owner, supportAccessEndpoints.revoke, { params: { id: live!.id } })).result();
    expect((await sessionOf(cookie, other)).statusCode).toBe(401);
    expect((await sessionOf(cookie)).statusCode).toBe(401);

    const listed = (await api().call(owner, supportAccessEndpoints.list)).result().grants[0]!;
    expect(listed.state).toBe('revoked');
    expect(listed.sessions.map((s) => s.ticket).sort()).toEqual(['SUP-1', 'SUP-2']);
    expect(listed.sessions.every((s) => s.endedAt !== null)).toBe(true);

    const events = (await api().call(owner, auditEndpoints.list, { query: { limit: 200 } as never })).result()
      .events as AuditEvent[];
    const bySupport = events.filter((e) => e.actorType === 'support');
    expect(bySupport.map((e) => e.action)).toEqual(
      expect.arrayContaining(['support-session-link', 'support-session-start']),
    );
    for (const event of bySupport)
      expect(event.actor?.name).toMatch(/^Support: (Dana|Lee) Ops \(ticket SUP-[12]\)$/);
    expect(events.find((e) => e.action === 'revoke-support-access')?.actorType).toBe('user');
  });

  it('named writes are allowed and audited in the operator name; sign-in, MFA and roles never', async () => {
    (await grant(owner, ['applications:write', 'users:write'])).result();
    const { support } = await supportSession(owner, 'Kim Ops', 'SUP-3');
    const created = await api().call(support, applicationEndpoints.create, { body: { name: 'By support' } });
    expect(created.statusCode).toBe(201);
    // A secret it made is masked too.
    expect(created.result().clientSecret).toBe('********');

    expect(
      (
        await api().call(
          support,
          adminRoleEndpoints.setOfUser as never,
          {
            params: { id: owner.userId },
            body: { adminRoles: ['Auditor'] },
          } as never,
        )
      ).statusCode,
    ).toBe(403);
    const range = await api().call(
      support,
      ipRangeEndpoints.create as never,
      {
        body: { name: 'Office', startIPAddress: '10.0.0.1', endIPAddress: '10.0.0.9' },
      } as never,
    );
    expect(range.statusCode).toBe(403);
    // A user made an administrator, which users:write would otherwise allow.
    const admin = await api().call(
      support,
      userEndpoints.create as never,
      {
        body: { email: 'new-admin@example.com', firstName: 'New', lastName: 'Admin', isAdmin: true },
      } as never,
    );
    expect(admin.statusCode).toBe(403);

    const events = (
      await api().call(owner, auditEndpoints.list, { query: { action: 'create', limit: 20 } as never })
    ).result().events as AuditEvent[];
    const made = events.find((e) => e.resource.name === 'By support');
    expect(made).toMatchObject({ actorType: 'support', actor: { name: 'Support: Kim Ops (ticket SUP-3)' } });
  });

  it('a grant past its end by the database clock refuses its session on both processes', async () => {
    const { support } = await supportSession(owner, 'Kim Ops', 'SUP-4');
    expect((await sessionOf(support.cookie, other)).statusCode).toBe(200);
    await t.database.system((tx) =>
      tx
        .update(supportGrants)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(and(eq(supportGrants.tenantId, owner.tenantId), sql`${supportGrants.revokedAt} is null`)),
    );
    expect((await sessionOf(support.cookie, other)).statusCode).toBe(401);
    expect((await sessionOf(support.cookie)).statusCode).toBe(401);
    const { code } = await cli(
      'support-session',
      '--tenant',
      owner.tenantName,
      '--operator',
      'x',
      '--ticket',
      'y',
    );
    expect(code).toBe(1);
    const rows = await t.database.system((tx) =>
      tx.select().from(supportSessions).where(eq(supportSessions.tenantId, owner.tenantId)),
    );
    expect(rows.every((row) => row.linkHash.length > 0 && !row.linkHash.includes('link'))).toBe(true);
  });
});
