import { authPolicyEndpoints, MESSAGES, mfaEndpoints, securityOverviewEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  cookieFrom,
  createTenantWithUser,
  lastMailTo,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import { signal } from '../../../test/signal.js';
import { auditEvents, outboxMessages, sessions, signInNetworks } from '../../db/schema/index.js';
import { currentCode } from '../mfa/totp.js';
import { networkOf } from './networks.js';

const PASSWORD = 'Harbour-lights7';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

const knownCookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] as string[])
    .find((c) => c.startsWith('skyvault_known='))
    ?.split(';')[0];

describe('networkOf', () => {
  it('keys IPv4 by its /24 and IPv6 by its /48', () => {
    expect(networkOf('192.0.2.77')).toBe('192.0.2.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:aa:bb::1')).toBe('2001:db8:aa::/48');
    expect(networkOf('not an address')).toBeNull();
  });
});

describe('unusual sign-ins', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const login = (
    who: TestUser,
    extra: { cookie?: string; remoteAddress?: string; code?: string; password?: string } = {},
  ) =>
    call(t, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: {
        tenantName: who.tenantName,
        email: who.email,
        password: extra.password ?? PASSWORD,
        ...(extra.code ? { code: extra.code } : {}),
      },
      headers: { 'user-agent': BROWSER },
      ...(extra.cookie ? { cookie: extra.cookie } : {}),
      remoteAddress: extra.remoteAddress ?? '192.0.2.10',
    });

  /** The messages committed for an address (sent or not): what the check wrote, counted exactly. */
  const mailsTo = async (email: string) =>
    (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).length;

  const unusualEvents = (tenantId: string) =>
    t.database.tenant(tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.action, 'unusual-sign-in'))),
    );

  const setPolicy = async (admin: TestUser, body: Record<string, boolean>) =>
    expect((await api.call(admin, authPolicyEndpoints.update, { body })).statusCode).toBe(200);

  it("takes a user's very first sign-in as the baseline: nothing is recorded or mailed", async () => {
    const user = await createTenantWithUser(t, { password: PASSWORD });
    expect((await login(user, { remoteAddress: '203.0.113.80' })).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toBe(0);
    expect(await unusualEvents(user.tenantId)).toHaveLength(0);
  });

  it('records and mails nothing for a refused sign-in from a new browser', async () => {
    const user = await createTenantWithUser(t, { password: PASSWORD });
    expect((await login(user)).statusCode).toBe(200);
    const refused = await login(user, { password: 'Wrong-guess-11', remoteAddress: '203.0.113.81' });
    expect(refused.statusCode).toBe(401);
    expect(await mailsTo(user.email)).toBe(0);
    expect(await unusualEvents(user.tenantId)).toHaveLength(0);
  });

  it('mails a sign-in from a new browser once, with what, when, where and a link; the known browser gets none', async () => {
    const user = await createTenantWithUser(t, { password: PASSWORD });
    // The first sign-in, elsewhere: the baseline.
    expect((await login(user)).statusCode).toBe(200);
    const first = await login(user);
    expect(first.statusCode).toBe(200);
    expect(await mailsTo(user.email)).toBe(1);
    const mail = await lastMailTo(t, user.email);
    expect(mail.subject).toMatch(/New sign-in/);
    expect(mail.text).toContain('a browser it was not signed in with before');
    expect(mail.text).toContain('How: password. Browser: Chrome on Windows.');
    expect(mail.text).toContain('From: 192.0.2.10');
    expect(mail.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(mail.text).toMatch(/\/api\/v1\/auth\/end-session\?token=/);
    const [event] = await unusualEvents(user.tenantId);
    expect(event).toMatchObject({ outcome: 'success', method: 'password', targetId: user.userId });
    expect(event!.changes).toMatchObject({ reasons: { after: ['new-browser'] } });

    const again = await login(user, { cookie: knownCookieOf(first) });
    expect(again.statusCode).toBe(200);
    expect(await mailsTo(user.email)).toBe(1);
    expect(await unusualEvents(user.tenantId)).toHaveLength(1);
    // Counted in the security overview.
    const overview = await api.call(user, securityOverviewEndpoints.get, { query: { window: '24h' } });
    expect(overview.json()).toMatchObject({ unusualSignIns: { count: 1 } });
  });

  it('mails a sign-in from outside the usual networks, from a known browser too', async () => {
    const user = await createTenantWithUser(t, { password: PASSWORD });
    const known = knownCookieOf(await login(user, { remoteAddress: '192.0.2.10' }));
    // Another address of the same /24 is usual.
    expect((await login(user, { cookie: known, remoteAddress: '192.0.2.99' })).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toBe(0);
    expect((await login(user, { cookie: known, remoteAddress: '203.0.113.5' })).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toBe(1);
    const mail = await lastMailTo(t, user.email);
    expect(mail.text).toContain("from a network outside your organization's usual ones");
    expect(mail.text).not.toContain('a browser it was not signed in with before');
    const reasons = (await unusualEvents(user.tenantId)).map((e) => e.changes);
    expect(reasons).toContainEqual({ reasons: { after: ['unusual-network'] }, sessionId: expect.anything() });
  });

  // Every sign-in of an office comes from one network: touching its row at each one (an upsert locks
  // it even when nothing changes) queued them behind each other's transactions.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'signs in from a network seen this hour without taking its row, so sign-ins from one office never queue',
    async () => {
      const user = await createTenantWithUser(t, { password: PASSWORD });
      const known = knownCookieOf(await login(user, { remoteAddress: '192.0.2.10' }));
      const released = signal();
      const locked = signal();
      // Another sign-in's transaction that holds the network's row.
      const holder = t.database.system(async (tx) => {
        await tx
          .select()
          .from(signInNetworks)
          .where(and(eq(signInNetworks.tenantId, user.tenantId), eq(signInNetworks.network, '192.0.2.0/24')))
          .for('update');
        locked.fire();
        await released.fired;
      });
      await locked.fired;
      try {
        const res = await login(user, { cookie: known, remoteAddress: '192.0.2.20' });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        released.fire();
        await holder;
      }
    },
  );

  it('ends that one session with the link, asking first, once', async () => {
    const user = await createTenantWithUser(t, { password: PASSWORD });
    expect((await login(user)).statusCode).toBe(200);
    const first = await login(user);
    const link = new URL(/(http\S+end-session\?token=\S+)/.exec((await lastMailTo(t, user.email)).text)![1]!);
    const second = await login(user, { cookie: knownCookieOf(first) });
    const path = `${link.pathname}${link.search}`;

    const asked = await call(t, { method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('End the session');
    // Opening the page ends nothing (a mail scanner may open every link).
    expect(
      (await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(first) })).statusCode,
    ).toBe(200);

    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl };
    const ended = await call(t, { method: 'POST', url: path, payload: '', headers: form });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toContain('The session was ended');
    expect(
      (await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(first) })).statusCode,
    ).toBe(401);
    expect(
      (await call(t, { method: 'GET', url: '/api/v1/auth/session', cookie: cookieFrom(second) })).statusCode,
    ).toBe(200);
    const events = await t.database.tenant(user.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'end-session')),
    );
    expect(events).toHaveLength(1);

    expect((await call(t, { method: 'POST', url: path, payload: '', headers: form })).statusCode).toBe(400);
    expect((await call(t, { method: 'GET', url: path })).statusCode).toBe(400);
    expect((await call(t, { method: 'GET', url: `${link.pathname}?token=nonsense` })).statusCode).toBe(400);
  });

  it('sends nothing when the tenant turned the e-mails off, and still records the event', async () => {
    const admin = await createTenantWithUser(t);
    await setPolicy(admin, { notifyUnusualSignIns: false });
    const user = await createTenantWithUser(t, {
      password: PASSWORD,
      inTenant: admin.tenantId,
      isAdmin: false,
    });
    expect((await login(user)).statusCode).toBe(200);
    expect((await login(user)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toBe(0);
    expect(await unusualEvents(user.tenantId)).toHaveLength(1);
  });

  it("copies an administrator's unusual sign-in to the Security administrators when the tenant asks", async () => {
    const owner = await createTenantWithUser(t, { password: PASSWORD });
    const security = await createTenantWithUser(t, {
      inTenant: owner.tenantId,
      adminRoles: ['SecurityAdministrator'],
    });
    const member = await createTenantWithUser(t, {
      password: PASSWORD,
      inTenant: owner.tenantId,
      isAdmin: false,
    });
    expect((await login(owner)).statusCode).toBe(200);
    expect((await login(owner)).statusCode).toBe(200);
    expect(await mailsTo(owner.email)).toBe(1);
    expect(await mailsTo(security.email)).toBe(0);

    await setPolicy(owner, { notifySecurityAdmins: true });
    expect((await login(owner)).statusCode).toBe(200);
    expect(await mailsTo(security.email)).toBe(1);
    const copy = await lastMailTo(t, security.email);
    expect(copy.text).toContain(`The administrator ${owner.email}`);
    expect(copy.text).not.toContain('end-session');
    // A user who is not an administrator: theirs alone.
    expect((await login(member)).statusCode).toBe(200);
    expect((await login(member)).statusCode).toBe(200);
    expect(await mailsTo(security.email)).toBe(1);
    expect(await mailsTo(member.email)).toBe(1);
  });

  it('asks a user with a second factor for it at an unusual sign-in when the tenant requires it', async () => {
    const user = await createTenantWithUser(t, { password: PASSWORD });
    await setPolicy(user, { unusualSignInSecondFactor: true });
    expect((await login(user)).statusCode).toBe(200);
    const device = await api.call(user, mfaEndpoints.create, { body: { name: 'Phone-1' } });
    const secret = new URL(device.json().otpPathUrl).searchParams.get('secret')!;
    await api.call(user, mfaEndpoints.verify, {
      params: { id: device.json().id },
      body: { code: currentCode(secret) },
    });

    // Adding the authenticator mailed its own notice.
    const before = await mailsTo(user.email);
    const asked = await login(user, { remoteAddress: '198.51.100.7' });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ code: 'INVALID_TOTP', message: MESSAGES.totpRequired });
    expect(await unusualEvents(user.tenantId)).toHaveLength(0);
    const signedIn = await login(user, {
      remoteAddress: '198.51.100.7',
      code: currentCode(secret, Date.now() + 30_000),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await unusualEvents(user.tenantId)).toHaveLength(1);
    // Only after the factor: the session and the mail exist for a sign-in that happened.
    expect(await mailsTo(user.email)).toBe(before + 1);
    const opened = await t.database.tenant(user.tenantId, (tx) => tx.select().from(sessions));
    expect(opened.filter((s) => s.ip === '198.51.100.7')).toHaveLength(1);
  });

  it('lets only administrators with the sign-in permission change the choices, validated', async () => {
    const admin = await createTenantWithUser(t);
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const auditor = await createTenantWithUser(t, { inTenant: admin.tenantId, adminRoles: ['Auditor'] });
    const body = { notifySecurityAdmins: true };
    expect((await api.call(member, authPolicyEndpoints.update, { body })).statusCode).toBe(403);
    expect((await api.call(auditor, authPolicyEndpoints.update, { body })).statusCode).toBe(403);
    const wrong = await api.call(admin, authPolicyEndpoints.update, {
      body: { notifyUnusualSignIns: 'yes' } as never,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('notifyUnusualSignIns');
    const changed = await api.call(admin, authPolicyEndpoints.update, { body });
    expect(changed.result()).toMatchObject({ notifyUnusualSignIns: true, notifySecurityAdmins: true });
    const [event] = await t.database.tenant(admin.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetType, 'auth-policy')),
    );
    expect(event!.changes).toEqual({ notifySecurityAdmins: { before: false, after: true } });
  });
});
