import {
  authEndpoints,
  CODE_REFUSALS,
  MESSAGES,
  SIGN_UP_REFUSALS,
  systemEndpoints,
  tenantEndpoints,
} from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  createTenantWithUser,
  createTestApp,
  lastMailTo,
  outbox,
  type TestApp,
  useTestApp,
} from '../../../test/app.js';
import { auditEvents, oneTimeTokens, tenants } from '../../db/schema/index.js';
import { violatesUnique } from '../../lib/sql.js';
import { baseTenantName, firstFreeName } from './tenant-name.js';

const signUp = (t: TestApp, body: Record<string, unknown>, ip = '198.51.100.1') =>
  call(t, { method: 'POST', url: '/api/v1/tenants', payload: body, remoteAddress: ip });

const valid = (email: string) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  email,
  password: 'Secret-pass1',
  confirmPassword: 'Secret-pass1',
});

const linkToken = (text: string) => /\/tenants\/verify\?token=([\w-]+)/.exec(text)![1]!;

describe('tenant sign-up', () => {
  const t = useTestApp(() => createTestApp({ PUBLIC_URL: 'https://console.example.com' }));
  const api = apiCaller(t);

  it('creates a pending tenant and e-mails a 48-hour verification link', async () => {
    const res = await signUp(t, valid('jane@acme.com'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'jane@acme.com' });
    const mail = await lastMailTo(t, 'jane@acme.com');
    expect(mail.subject).toBe('Verify your email for Skyvault');
    expect(mail.text).toContain('https://console.example.com/tenants/verify?token=');
    expect(mail.html).toContain('https://console.example.com/tenants/verify?token=');
    expect(mail.text).toContain('48 hours');
    const [tenant] = await t.database.system((tx) =>
      tx.select().from(tenants).where(eq(tenants.name, 'acme')),
    );
    expect(tenant).toMatchObject({ status: 'pending', services: ['backup'] });
    const [token] = await t.database.system((tx) =>
      tx.select().from(oneTimeTokens).where(eq(oneTimeTokens.tenantId, tenant!.id)),
    );
    const hours = (token!.expiresAt.getTime() - token!.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(48);
    expect(token!.tokenHash).not.toBe(linkToken(mail.text));
  });

  it('refuses login before verification, activates on the link, and answers the used link again with the same success', async () => {
    await signUp(t, { ...valid('ops@globex.com'), application: 'devOps' });
    const login = { email: 'ops@globex.com', tenantName: 'globex', password: 'Secret-pass1' };
    const early = await api.call(null, authEndpoints.login, { body: login });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    const token = linkToken((await lastMailTo(t, 'ops@globex.com')).text);
    const verified = await api.call(null, tenantEndpoints.verify, { body: { token } });
    expect(verified.json()).toEqual({ tenantName: 'globex', email: 'ops@globex.com' });

    // A reload of the page (the link opened again): the same success, and nothing changes twice.
    const again = await api.call(null, tenantEndpoints.verify, { body: { token } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ tenantName: 'globex', email: 'ops@globex.com' });
    const tenantId = (
      await t.database.system((tx) => tx.select().from(tenants).where(eq(tenants.name, 'globex')))
    )[0]!.id;
    const enabled = await t.database.tenant(tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'enable')),
    );
    expect(enabled).toHaveLength(1);

    const res = await api.call(null, authEndpoints.login, { body: login });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'ops@globex.com',
      isAdmin: true,
      tenant: { name: 'globex' },
      services: ['devOps'],
    });
  });

  it('says when a link has expired and sends a new one on request', async () => {
    await signUp(t, valid('late@initech.com'));
    const first = linkToken((await lastMailTo(t, 'late@initech.com')).text);
    await t.database.system((tx) => tx.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) }));
    const expired = await api.call(null, tenantEndpoints.verify, { body: { token: first } });
    expect(expired.json().message).toBe('This verification link has expired. We can send you a new one.');

    const resend = await api.call(null, tenantEndpoints.resendVerification, {
      body: { email: 'late@initech.com' },
    });
    expect(resend.statusCode).toBe(204);
    const second = linkToken((await lastMailTo(t, 'late@initech.com')).text);
    expect(second).not.toBe(first);
    expect((await api.call(null, tenantEndpoints.verify, { body: { token: second } })).statusCode).toBe(200);

    const unknown = await api.call(null, tenantEndpoints.resendVerification, {
      body: { email: 'nobody@nowhere.com' },
    });
    expect(unknown.statusCode).toBe(204);
    expect(outbox(t).some((m) => m.to === 'nobody@nowhere.com')).toBe(false);
  });

  it('says that a link a newer e-mail replaced is void and the organization not verified yet', async () => {
    await signUp(t, valid('twice@hooli.com'));
    const first = linkToken((await lastMailTo(t, 'twice@hooli.com')).text);
    await api.call(null, tenantEndpoints.resendVerification, { body: { email: 'twice@hooli.com' } });
    const second = linkToken((await lastMailTo(t, 'twice@hooli.com')).text);
    expect(second).not.toBe(first);

    const replaced = await api.call(null, tenantEndpoints.verify, { body: { token: first } });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toMatchObject({
      code: 'INVALID_CODE',
      message: CODE_REFUSALS.verificationLink.replaced,
    });
    // It activated nothing.
    const login = { email: 'twice@hooli.com', tenantName: 'hooli', password: 'Secret-pass1' };
    expect((await api.call(null, authEndpoints.login, { body: login })).json().code).toBe(
      'EMAIL_NOT_VERIFIED',
    );

    expect((await api.call(null, tenantEndpoints.verify, { body: { token: second } })).statusCode).toBe(200);
    // Once the organization is active, the old link no longer says it is not: it answers the success.
    const late = await api.call(null, tenantEndpoints.verify, { body: { token: first } });
    expect(late.json()).toEqual({ tenantName: 'hooli', email: 'twice@hooli.com' });
  });

  it('refuses an unknown link', async () => {
    const res = await api.call(null, tenantEndpoints.verify, { body: { token: 'x'.repeat(43) } });
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: 'INVALID_CODE',
      message: 'This verification link is not valid.',
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', MESSAGES.firstNameRequired],
    [{ lastName: undefined }, 'lastName', MESSAGES.lastNameRequired],
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
    [{ password: 'short!', confirmPassword: 'short!' }, 'password', MESSAGES.passwordMinLength],
    [{ password: 'longenough1', confirmPassword: 'longenough1' }, 'password', MESSAGES.passwordSpecial],
    [
      { password: `${'a'.repeat(64)}!`, confirmPassword: `${'a'.repeat(64)}!` },
      'password',
      MESSAGES.passwordMaxLength,
    ],
    [{ confirmPassword: 'Other-pass1' }, 'confirmPassword', MESSAGES.passwordsNotSame],
    [{ application: 'crm' }, 'application', expect.any(String)],
  ])('answers %o with the field message', async (change, field, message) => {
    const res = await signUp(t, { ...valid('v@validation.com'), ...change }, '198.51.100.9');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().fields[field]).toEqual(message);
  });

  it('keeps markup and SQL in names as plain data or refuses it, never failing', async () => {
    const res = await signUp(
      t,
      {
        ...valid('x@markup.com'),
        firstName: '<script>alert(1)</script>',
        lastName: "'; drop table users; --",
      },
      '198.51.100.10',
    );
    expect([201, 400]).toContain(res.statusCode);
    if (res.statusCode === 400) expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('removes sign-ups left unverified for 48 hours, freeing their names, and keeps the rest', async () => {
    await signUp(t, valid('late@lapsed.com'));
    await signUp(t, valid('soon@fresh-co.com'));
    const stale = linkToken((await lastMailTo(t, 'late@lapsed.com')).text);
    await t.database.system((tx) =>
      tx
        .update(tenants)
        .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
        .where(eq(tenants.name, 'lapsed')),
    );
    const active = await createTenantWithUser(t);
    await t.database.system((tx) =>
      tx
        .update(tenants)
        .set({ createdAt: new Date(Date.now() - 90 * 86_400_000) })
        .where(eq(tenants.id, active.tenantId)),
    );

    expect(await t.app.services.tenants.expireUnverified()).toEqual(['lapsed']);
    const names = (await t.database.system((tx) => tx.select({ name: tenants.name }).from(tenants))).map(
      (r) => r.name,
    );
    expect(names).not.toContain('lapsed');
    expect(names).toContain('fresh-co');
    expect(names).toContain(active.tenantName);
    const link = await api.call(null, tenantEndpoints.verify, { body: { token: stale } });
    expect(link.statusCode).toBe(400);
    // The name is free for the next sign-up.
    await signUp(t, valid('again@lapsed.com'));
    const [again] = await t.database.system((tx) =>
      tx.select().from(tenants).where(eq(tenants.name, 'lapsed')),
    );
    expect(again).toMatchObject({ status: 'pending' });
  });

  it('lets a new sign-up of a waiting address replace the first: its link and password stop working', async () => {
    // Someone signs up first with an address that is not theirs, and a password of their own.
    await signUp(t, {
      ...valid('owner@prehijack.com'),
      password: 'Planted-pass1',
      confirmPassword: 'Planted-pass1',
    });
    const planted = linkToken((await lastMailTo(t, 'owner@prehijack.com')).text);
    // The owner of the address signs up too, and proves it.
    await signUp(t, valid('owner@prehijack.com'));
    const own = linkToken((await lastMailTo(t, 'owner@prehijack.com')).text);
    expect(own).not.toBe(planted);
    const stale = await api.call(null, tenantEndpoints.verify, { body: { token: planted } });
    expect(stale.statusCode).toBe(400);
    const verified = await api.call(null, tenantEndpoints.verify, { body: { token: own } });
    expect(verified.json()).toEqual({ tenantName: 'prehijack', email: 'owner@prehijack.com' });

    const login = (password: string) =>
      api.call(null, authEndpoints.login, {
        body: { tenantName: 'prehijack', email: 'owner@prehijack.com', password },
      });
    expect((await login('Planted-pass1')).statusCode).toBe(401);
    expect((await login('Secret-pass1')).statusCode).toBe(200);
    const count = await t.database.system((tx) =>
      tx.select().from(tenants).where(eq(tenants.name, 'prehijack-2')),
    );
    expect(count).toEqual([]);
  });

  it('limits sign-ups per address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await signUp(t, valid(`burst${i}@burst.com`), '198.51.100.77')).statusCode;
    }
    expect(last).toBe(429);
  });

  it('derives a valid, free tenant name from the e-mail', () => {
    expect(baseTenantName('jane@acme.com')).toBe('acme');
    expect(baseTenantName('jane.doe@gmail.com')).toBe('jane-doe');
    expect(baseTenantName('a@b.io')).toBe('b-org');
    expect(baseTenantName('ü@mañana.es')).toMatch(/^[A-Za-z0-9_-]{4,28}$/);
    expect(firstFreeName('acme', new Set(['acme', 'acme-2']))).toBe('acme-3');
  });
});

describe('PATCH /api/v1/tenants (change tenant name)', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  it('renames the tenant and records it in the audit trail', async () => {
    const admin = await createTenantWithUser(t);
    const res = await api.call(admin, tenantEndpoints.update, { body: { name: 'Renamed_Org-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: admin.tenantId, name: 'Renamed_Org-1' });
    const events = await t.database.tenant(admin.tenantId, (tx) => tx.select().from(auditEvents));
    expect(events.at(-1)).toMatchObject({
      action: 'update',
      targetType: 'tenant',
      changes: { name: { after: 'Renamed_Org-1' } },
    });
  });

  it('refuses a name another tenant has, in any case', async () => {
    await createTenantWithUser(t, { tenantName: 'taken-name' });
    const admin = await createTenantWithUser(t);
    const res = await api.call(admin, tenantEndpoints.update, { body: { name: 'TAKEN-name' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ name: 'This tenant name is already taken' });
  });

  it('answers two tenants taking one name at once: one renamed, the other told at the field', async () => {
    const [first, second] = [await createTenantWithUser(t), await createTenantWithUser(t)];
    const rename = (admin: typeof first) =>
      api.call(admin, tenantEndpoints.update, { body: { name: 'Raced_Name' } });
    const answers = await Promise.all([rename(first), rename(second)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ fields: { name: 'This tenant name is already taken' } });
  });

  it('tells a rename that lost the race to the name index by that index', async () => {
    // The check before the write missed the other tenant's name: the index refuses it, and the service
    // recognises the refusal (violatesUnique) to answer at the field as the check does.
    await createTenantWithUser(t, { tenantName: 'race-one' });
    const second = await createTenantWithUser(t);
    const refusal = await t.database
      .system((tx) => tx.update(tenants).set({ name: 'RACE-one' }).where(eq(tenants.id, second.tenantId)))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(violatesUnique(refusal, 'tenants_name_lower_key')).toBe(true);
    expect(violatesUnique(refusal, 'applications_tenant_name_key')).toBe(false);
  });

  it.each([
    ['', MESSAGES.tenantNameRequired],
    ['abc', MESSAGES.tenantNameMinLength],
    ['a'.repeat(33), MESSAGES.tenantNameMaxLength],
    ['bad name!', MESSAGES.tenantNamePattern],
    ["x'; drop table tenants; --", MESSAGES.tenantNamePattern],
  ])('answers %j with the spec message', async (name, message) => {
    const admin = await createTenantWithUser(t);
    const res = await api.call(admin, tenantEndpoints.update, { body: { name } });
    expect(res.json().fields.name).toBe(message);
  });

  it('is for administrators only, and for signed-in users only', async () => {
    const user = await createTenantWithUser(t, { isAdmin: false });
    const res = await api.call(user, tenantEndpoints.update, { body: { name: 'newname' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INSUFFICIENT_ACCESS');
    const anon = await api.call(null, tenantEndpoints.update, { body: { name: 'newname' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('SIGNUP_MODE', () => {
  it.each([
    ['invitation', SIGN_UP_REFUSALS.invitation],
    ['off', SIGN_UP_REFUSALS.off],
  ] as const)(
    '%s: refuses a sign-up with 403 SIGN_UP_CLOSED, creates and mails nothing, and tells the console',
    async (mode, message) => {
      const t = await createTestApp({ SIGNUP_MODE: mode });
      try {
        const res = await signUp(t, valid(`jane@closed-${mode}.com`));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ statusCode: 403, code: 'SIGN_UP_CLOSED', message });
        expect(await t.database.system((tx) => tx.select().from(tenants))).toEqual([]);
        expect(outbox(t)).toEqual([]);
        const brand = await apiCaller(t).call(null, systemEndpoints.brand);
        expect(brand.json()).toEqual({ brand: 'skyvault', signUp: mode });
      } finally {
        await t.close();
      }
    },
  );

  it('invitation: the verification link of a sign-up made while it was open still activates it', async () => {
    const open = await createTestApp({ SIGNUP_MODE: 'open' });
    const closed = await createTestApp(
      { SIGNUP_MODE: 'invitation' },
      { database: open.database, keepDatabase: true },
    );
    try {
      expect((await signUp(open, valid('early@before-closing.com'))).statusCode).toBe(201);
      const token = linkToken((await lastMailTo(open, 'early@before-closing.com')).text);
      const verified = await apiCaller(closed).call(null, tenantEndpoints.verify, { body: { token } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await closed.close();
      await open.close();
    }
  });
});
