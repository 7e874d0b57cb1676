import { randomUUID } from 'node:crypto';
import {
  type AuditEvent,
  authEndpoints,
  SECURITY_OVERVIEW_MESSAGES,
  SECURITY_OVERVIEW_TOP,
  type SecurityOverview,
  securityOverviewEndpoints,
  userEndpoints,
} from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, createTestApp, type TestUser, useTestApp } from '../../../test/app.js';
import { apiTokens, connections, licenses, storages } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { everyEvent } from '../audit/audit.test-helpers.js';

const PASSWORD = 'Overview-pass1!';
const SIGN_IN_ACTIONS = ['sign-in', 'failed-sign-in', 'authorize'];

/** The overview's method key of an event, as docs/security-overview.md defines it (no SAML provider here). */
const methodKey = (event: AuditEvent) => (event.method === 'sso' ? 'sso-oidc' : (event.method ?? 'password'));

/** The figures counted again from the audit trail's own events, as the list API answers them. */
function countedFrom(events: AuditEvent[]) {
  const signIns = events.filter((event) => SIGN_IN_ACTIONS.includes(event.action));
  const byMethod = new Map<string, { method: string; success: number; failure: number }>();
  const byAddress = new Map<string, number>();
  const byAccount = new Map<string, number>();
  for (const event of signIns) {
    const key = methodKey(event);
    const entry = byMethod.get(key) ?? { method: key, success: 0, failure: 0 };
    entry[event.outcome] += 1;
    byMethod.set(key, entry);
    if (event.outcome !== 'failure') continue;
    if (event.ip) byAddress.set(event.ip, (byAddress.get(event.ip) ?? 0) + 1);
    const account = event.actor?.id ?? (event.resource.type === 'user' ? event.resource.id : null);
    if (account) byAccount.set(account, (byAccount.get(account) ?? 0) + 1);
  }
  const top = (counts: Map<string, number>) =>
    [...counts]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, SECURITY_OVERVIEW_TOP);
  return {
    total: {
      success: signIns.filter((e) => e.outcome === 'success').length,
      failure: signIns.filter((e) => e.outcome === 'failure').length,
    },
    byMethod: Object.fromEntries([...byMethod].map(([key, value]) => [key, value])),
    failedByAddress: top(byAddress).map(([address, failures]) => ({ address, failures })),
    failedByAccount: top(byAccount).map(([userId, failures]) => ({ userId, failures })),
  };
}

describe('security overview', () => {
  // One free failure: the second wrong password makes the account wait.
  const t = useTestApp(() => createTestApp({ LOGIN_DELAY_FREE_FAILURES: '1' }));
  const api = apiCaller(t);

  const overviewOf = async (u: TestUser, window?: '24h' | '7d') =>
    (
      await api.call(u, securityOverviewEndpoints.get, { query: window ? { window } : {} })
    ).result() as SecurityOverview;
  const login = (u: TestUser, password: string) =>
    api.call(null, authEndpoints.login, { body: { tenantName: u.tenantName, email: u.email, password } });

  /** Sign-ins of every method and outcome, from several addresses, as the services record them. */
  async function scriptedSignIns(owner: TestUser, others: TestUser[]) {
    const methods = ['password', 'email-code', 'passkey', 'sso', 'oauth'] as const;
    await t.database.tenant(owner.tenantId, async (tx) => {
      for (let i = 0; i < 40; i++) {
        const who = [owner, ...others][i % (others.length + 1)]!;
        const method = methods[i % methods.length]!;
        const failed = i % 3 === 0 && method !== 'oauth';
        await recordAudit(
          tx,
          { ip: `198.51.100.${i % 7}`, requestId: `r${i}` },
          {
            tenantId: owner.tenantId,
            actorId: who.userId,
            action: method === 'oauth' ? 'authorize' : failed ? 'failed-sign-in' : 'sign-in',
            outcome: failed ? 'failure' : 'success',
            method,
            targetType: method === 'oauth' ? 'application' : 'user',
            targetId: who.userId,
            after: method === 'sso' ? { identityProviderId: randomUUID() } : null,
          },
        );
        // Not a sign-in: not counted.
        await recordAudit(tx, null, {
          tenantId: owner.tenantId,
          actorId: who.userId,
          action: 'update',
          targetType: 'user',
        });
      }
    });
  }

  it('counts what the audit trail holds: sign-ins by method and outcome, failures by address and account', async () => {
    const owner = await createTenantWithUser(t, { password: PASSWORD });
    const b = await createTenantWithUser(t, { inTenant: owner.tenantId, password: PASSWORD, adminRoles: [] });
    const c = await createTenantWithUser(t, { inTenant: owner.tenantId, password: PASSWORD, adminRoles: [] });
    b.tenantName = owner.tenantName;
    c.tenantName = owner.tenantName;
    // Real password sign-ins: two wrong ones make b wait; c signs in.
    expect((await login(b, 'Wrong-pass1!')).statusCode).toBe(401);
    expect((await login(b, 'Wrong-pass1!')).statusCode).toBe(401);
    expect((await login(c, PASSWORD)).statusCode).toBe(200);
    // The second failure's wait is a second long: made an hour, so that a slow run still sees it.
    await t.database.system((tx) =>
      tx.execute(sql`update rate_limits set blocked_until = now() + interval '1 hour'
        where key = ${`login:account:${owner.tenantName.toLowerCase()}:${b.email}`} and blocked_until is not null`),
    );
    await scriptedSignIns(owner, [b, c]);
    // Another tenant's sign-ins never show.
    const other = await createTenantWithUser(t, { password: PASSWORD });
    await scriptedSignIns(other, []);

    for (const window of ['24h', '7d'] as const) {
      const overview = await overviewOf(owner, window);
      const events = await everyEvent(api, owner, { from: overview.from });
      const expected = countedFrom(events);
      expect(overview.window).toBe(window);
      expect(overview.signIns!.total).toEqual(expected.total);
      expect(Object.fromEntries(overview.signIns!.byMethod.map((m) => [m.method, m]))).toEqual(
        expected.byMethod,
      );
      expect(overview.signIns!.failedByAddress).toEqual(expected.failedByAddress);
      expect(overview.signIns!.failedByAccount.map(({ userId, failures }) => ({ userId, failures }))).toEqual(
        expected.failedByAccount,
      );
      expect(expected.total.failure).toBeGreaterThan(2);
      expect(Object.keys(expected.byMethod).sort()).toEqual([
        'email-code',
        'oauth',
        'passkey',
        'password',
        'sso-oidc',
      ]);
    }
    const overview = await overviewOf(owner);
    expect(overview.window).toBe('24h');
    // b waits after two failures; nobody else does, and not the other tenant's users.
    expect(overview.accountsWaiting).toEqual({
      count: 1,
      accounts: [{ email: b.email, userId: b.userId, until: expect.any(String) }],
    });
    expect(overview.unusualSignIns).toEqual({ count: 0 });
  });

  it('counts MFA enrolment as the users list filters it, flags unused tokens and lists licences near their end', async () => {
    const owner = await createTenantWithUser(t);
    await createTenantWithUser(t, { inTenant: owner.tenantId, adminRoles: [] });
    await t.database.tenant(owner.tenantId, async (tx) => {
      const made = {
        tenantId: owner.tenantId,
        scope: 'read' as const,
        expiresAt: new Date(Date.now() + 400 * 86_400_000),
      };
      await tx.insert(apiTokens).values([
        { ...made, name: 'fresh', tokenHash: randomUUID(), prefix: 'svt_a', lastUsedAt: new Date() },
        {
          ...made,
          name: 'forgotten',
          tokenHash: randomUUID(),
          prefix: 'svt_b',
          createdAt: new Date(Date.now() - 200 * 86_400_000),
          lastUsedAt: new Date(Date.now() - 120 * 86_400_000),
        },
        {
          ...made,
          name: 'never',
          tokenHash: randomUUID(),
          prefix: 'svt_c',
          createdAt: new Date(Date.now() - 95 * 86_400_000),
        },
      ]);
      await tx.insert(licenses).values([
        {
          tenantId: owner.tenantId,
          product: 'Dbr',
          edition: 'Enterprise',
          endsAt: new Date(Date.now() + 10 * 86_400_000),
        },
        {
          tenantId: owner.tenantId,
          product: 'Devops',
          edition: 'Team',
          endsAt: new Date(Date.now() + 90 * 86_400_000),
        },
      ]);
    });
    const connectionIds = [randomUUID(), randomUUID()];
    const storageId = randomUUID();
    await t.database.tenant(owner.tenantId, async (tx) => {
      await tx.insert(connections).values([
        {
          tenantId: owner.tenantId,
          id: connectionIds[1]!,
          name: 'b-sandbox',
          organizationType: 'Sandbox',
          healthStatus: 'OrgChanged',
        },
        {
          tenantId: owner.tenantId,
          id: connectionIds[0]!,
          name: 'a-prod',
          organizationType: 'Production',
          healthStatus: 'ReauthRequired',
        },
        { tenantId: owner.tenantId, name: 'c-fine', organizationType: 'Production', healthStatus: 'Healthy' },
      ]);
      await tx.insert(storages).values([
        {
          tenantId: owner.tenantId,
          id: storageId,
          name: 'Broken bucket',
          type: 'AwsS3',
          healthStatus: 'Unhealthy',
        },
        { tenantId: owner.tenantId, name: 'Good bucket', type: 'AwsS3', healthStatus: 'Healthy' },
      ]);
    });
    const overview = await overviewOf(owner);
    const notEnrolled = (
      await api.call(owner, userEndpoints.list, { query: { mfa: 'notEnrolled' } })
    ).result() as { total: number };
    expect(overview.mfa).toEqual({ users: 2, enrolled: 0, notEnrolled: notEnrolled.total });
    expect(overview.apiTokens).toMatchObject({
      total: 3,
      byAge: { under30Days: 1, under90Days: 0, over90Days: 2 },
      unused: 2,
    });
    expect(overview.apiTokens!.unusedTokens.map((token) => token.name)).toEqual(['forgotten', 'never']);
    expect(overview.licenses!.nearEnd).toEqual([
      { product: 'Dbr', edition: 'Enterprise', endsAt: expect.any(String), isTrial: false },
    ]);
    // Those needing a person, by name, with their number.
    expect(overview.connections).toEqual({
      unhealthy: 2,
      rows: [
        { id: connectionIds[0], name: 'a-prod', status: 'ReauthRequired' },
        { id: connectionIds[1], name: 'b-sandbox', status: 'OrgChanged' },
      ],
    });
    expect(overview.storages).toEqual({ unhealthy: 1, rows: [{ id: storageId, name: 'Broken bucket' }] });
    expect(overview.credentials).toEqual({ expiring: [] });
  });

  it("shows only the parts the caller's roles read, refuses roles without the audit log, and checks the window", async () => {
    const owner = await createTenantWithUser(t);
    const security = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['SecurityAdministrator'],
    });
    const users = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['UserAdministrator'],
    });
    const overview = await overviewOf(security);
    expect(overview.signIns).not.toBeNull();
    expect(overview.mfa).not.toBeNull();
    expect(overview.apiTokens).not.toBeNull();
    expect(overview.connections).toBeNull();
    expect(overview.storages).toBeNull();
    expect((await api.call(users, securityOverviewEndpoints.get)).statusCode).toBe(403);
    expect((await api.call(null, securityOverviewEndpoints.get)).statusCode).toBe(401);
    const wrong = await api.call(owner, securityOverviewEndpoints.get, { query: { window: '1h' as '24h' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ window: SECURITY_OVERVIEW_MESSAGES.window });
  });

  it('keeps the rollup in step with the events: the hour an event joined is the hour it counts in', async () => {
    const owner = await createTenantWithUser(t);
    await scriptedSignIns(owner, []);
    const rows = await t.database.tenant(owner.tenantId, (tx) =>
      tx.execute(sql`select count(*)::int as n from audit_events a
        where a.action in ('sign-in', 'failed-sign-in', 'authorize')
          and not exists (select 1 from sign_in_rollups r where r.tenant_id = a.tenant_id and r.dimension = 'method'
            and r.hour = date_trunc('hour', a.created_at))`),
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
