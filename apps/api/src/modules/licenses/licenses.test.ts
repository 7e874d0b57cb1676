import { LICENSE_MESSAGES, type License, TRIAL_DAYS, TRIAL_LICENSES } from '@skyvault/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents, licenses } from '../../db/schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('licenses', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const get = (u: TestUser, url: string) => api.send(u, 'GET', url);
  const license = (u: TestUser, service: string) => get(u, `/api/v1/licenses?service=${service}`);
  const state = async (u: TestUser, path: 'dbr' | 'devops') =>
    (await get(u, `/api/v1/licenses/state/${path}`)).json().state;
  const startTrial = (u: TestUser, product: unknown) =>
    api.send(u, 'POST', '/api/v1/licenses/enable-trial', { product });

  /** Moves the end of a tenant's licence, as operators do with the CLI. */
  const endLicense = (u: TestUser, product: 'Dbr' | 'Devops', endsAt: Date) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx
        .update(licenses)
        .set({ endsAt })
        .where(and(eq(licenses.tenantId, u.tenantId), eq(licenses.product, product))),
    );

  it('answers no licence and the No License state to a new tenant', async () => {
    const u = await createTenantWithUser(t);
    for (const service of ['Dbr', 'Devops']) {
      const res = await license(u, service);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ license: null });
    }
    expect(await state(u, 'dbr')).toBe('No License');
    expect(await state(u, 'devops')).toBe('No License');
  });

  it('starts the Backup trial for 14 days with its limits, and records it', async () => {
    const u = await createTenantWithUser(t);
    const before = Date.now();
    const res = await startTrial(u, 'backup');
    expect(res.statusCode).toBe(201);
    const started: License = res.json().license;
    expect(started).toMatchObject({ edition: 'Backup & Archive Trial', isTrial: true });
    expect(started.limits).toEqual(TRIAL_LICENSES.Dbr.limits.map((limit) => ({ ...limit, used: null })));
    expect(started.limits).toContainEqual({
      name: 'storage',
      label: 'Storage',
      available: 10_000,
      used: null,
    });
    const ends = Date.parse(started.endDate);
    expect(ends).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY_MS - 60_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY_MS + 60_000);

    expect((await license(u, 'Dbr')).json()).toEqual({ license: started });
    expect(await state(u, 'dbr')).toBe('Active License');
    // The other product is untouched.
    expect(await state(u, 'devops')).toBe('No License');

    const [event] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.action, 'start-trial')),
    );
    expect(event).toMatchObject({
      actorId: u.userId,
      targetType: 'license',
      changes: {
        product: { after: 'Dbr' },
        edition: { after: 'Backup & Archive Trial' },
        isTrial: { after: true },
      },
    });
  });

  it('starts the DevOps trial, whose seats in use are counted (none until roles grant them)', async () => {
    const u = await createTenantWithUser(t);
    const res = await startTrial(u, 'devOps');
    expect(res.statusCode).toBe(201);
    const { license: started } = res.json();
    expect(started).toMatchObject({ edition: 'DevOps Trial', isTrial: true });
    expect(started.limits).toEqual([
      { name: 'devopsFullAccess', label: 'Full access', available: 5, used: 0 },
      { name: 'devopsReadAccess', label: 'Read access', available: 5, used: 0 },
    ]);
    expect((await license(u, 'Devops')).json().license.limits).toEqual(started.limits);
    expect(await state(u, 'devops')).toBe('Active License');
  });

  it('never starts a trial twice, not even after it has ended', async () => {
    const u = await createTenantWithUser(t);
    expect((await startTrial(u, 'backup')).statusCode).toBe(201);
    const again = await startTrial(u, 'backup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'The 14-day free trial of Backup & Archive has already been started for this organization; it can be started once only.',
    });

    await endLicense(u, 'Dbr', new Date(Date.now() - DAY_MS));
    expect((await startTrial(u, 'backup')).statusCode).toBe(409);
    const events = await t.database.tenant(u.tenantId, (tx) => tx.select().from(auditEvents));
    expect(events.filter((e) => e.action === 'start-trial')).toHaveLength(1);
  });

  it('lets only one of two simultaneous starts through', async () => {
    const u = await createTenantWithUser(t);
    const codes = (await Promise.all([startTrial(u, 'devOps'), startTrial(u, 'devOps')])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([201, 409]);
  });

  it('switches between Active and Expired License with the end date', async () => {
    const u = await createTenantWithUser(t);
    await startTrial(u, 'devOps');
    const past = new Date(Date.now() - 60_000);
    await endLicense(u, 'Devops', past);
    expect(await state(u, 'devops')).toBe('Expired License');
    // The expired licence is still shown (blurred by the console), with its end date.
    expect((await license(u, 'Devops')).json().license).toMatchObject({
      edition: 'DevOps Trial',
      endDate: past.toISOString(),
    });
    await endLicense(u, 'Devops', new Date(Date.now() + DAY_MS));
    expect(await state(u, 'devops')).toBe('Active License');
  });

  it('refuses a trial to a tenant that has a paid licence, active or expired', async () => {
    const u = await createTenantWithUser(t);
    await t.database.tenant(u.tenantId, (tx) =>
      tx.insert(licenses).values({
        tenantId: u.tenantId,
        product: 'Dbr',
        edition: 'Enterprise',
        endsAt: sql`now() + interval '1 year'`,
        limits: [{ name: 'storage', label: 'Storage', available: 500_000 }],
      }),
    );
    const active = await startTrial(u, 'backup');
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe('This organization already has an active Backup & Archive license.');

    await endLicense(u, 'Dbr', new Date(Date.now() - DAY_MS));
    const expired = await startTrial(u, 'backup');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/has expired\. Please contact your success manager/);
    expect((await license(u, 'Dbr')).json().license).toMatchObject({ edition: 'Enterprise', isTrial: false });
  });

  it("never shows another tenant's licence", async () => {
    const owner = await createTenantWithUser(t);
    await startTrial(owner, 'backup');
    await startTrial(owner, 'devOps');
    const other = await createTenantWithUser(t);
    expect((await license(other, 'Dbr')).json()).toEqual({ license: null });
    expect((await license(other, 'Devops')).json()).toEqual({ license: null });
    expect(await state(other, 'dbr')).toBe('No License');
    expect(await state(other, 'devops')).toBe('No License');
    // Its own trial is its own, whatever the other tenant did.
    expect((await startTrial(other, 'backup')).statusCode).toBe(201);
  });

  it('keeps licences and trials for administrators; states are for every user', async () => {
    const member = await createTenantWithUser(t, { isAdmin: false });
    for (const res of [await license(member, 'Dbr'), await startTrial(member, 'backup')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('INSUFFICIENT_ACCESS');
    }
    expect(await state(member, 'dbr')).toBe('No License');
    expect(await state(member, 'devops')).toBe('No License');
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/licenses?service=Dbr'],
      ['GET', '/api/v1/licenses/state/dbr'],
      ['GET', '/api/v1/licenses/state/devops'],
      ['POST', '/api/v1/licenses/enable-trial'],
    ] as const) {
      const res = await call(t, {
        method,
        url,
        payload: method === 'POST' ? { product: 'backup' } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_SESSION_EXCEPTION');
    }
  });

  it('refuses the licences of a service the tenant does not have', async () => {
    const u = await createTenantWithUser(t, { services: ['backup'] });
    for (const res of [
      await license(u, 'Devops'),
      await get(u, '/api/v1/licenses/state/devops'),
      await startTrial(u, 'devOps'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SERVICE_NOT_ENABLED');
    }
    const rows = await t.database.tenant(u.tenantId, (tx) => tx.select().from(licenses));
    expect(rows).toEqual([]);
    // Its own service works.
    expect(await state(u, 'dbr')).toBe('No License');
  });

  it('words the input messages', () => {
    expect(LICENSE_MESSAGES).toEqual({
      serviceRequired: 'Service is required',
      serviceInvalid: 'Service should be one of: Dbr, Devops',
      productRequired: 'Product is required',
      productInvalid: 'Product should be one of: backup, devOps',
    });
  });

  it.each([
    ['/api/v1/licenses', LICENSE_MESSAGES.serviceRequired],
    ['/api/v1/licenses?service=', LICENSE_MESSAGES.serviceRequired],
    ['/api/v1/licenses?service=dbr', LICENSE_MESSAGES.serviceInvalid],
    ['/api/v1/licenses?service=backup', LICENSE_MESSAGES.serviceInvalid],
  ])('answers %s with the service message', async (url, message) => {
    const u = await createTenantWithUser(t);
    const res = await get(u, url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message, fields: { service: message } });
  });

  it.each([
    [undefined, LICENSE_MESSAGES.productRequired],
    ['', LICENSE_MESSAGES.productRequired],
    ['Dbr', LICENSE_MESSAGES.productInvalid],
    ['storage', LICENSE_MESSAGES.productInvalid],
  ])('answers the trial product %j with the product message', async (product, message) => {
    const u = await createTenantWithUser(t);
    const res = await startTrial(u, product);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { product: message } });
  });
});
