import { expiringCredentialsEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, outbox, outboxSettled, type TestUser, useOpened } from '../../../test/app.js';
import { identityProviders } from '../../db/schema/index.js';
import {
  createProvider,
  createSsoTestApp,
  providerBody,
  startTestProvider,
} from '../sso/sso.test-helpers.js';
import { warningDue } from './expiry-warnings.js';

const DAY = 24 * 60 * 60 * 1000;

describe('warnings before an identity provider’s credentials expire', () => {
  // The app's clock, moved days ahead by the tests (the warnings and the banner read it).
  let clock = Date.now();
  const idp = useOpened(() => startTestProvider());
  const t = useOpened(() => createSsoTestApp({}, { clock: () => clock }));
  const api = apiCaller(t);

  const setEnd = (u: TestUser, id: string, endsAt: Date | null) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx.update(identityProviders).set({ credentialsExpireAt: endsAt }).where(eq(identityProviders.id, id)),
    );
  /** One run of the daily job at `at`; answers the subjects each address was sent. */
  async function runAt(at: number) {
    clock = at;
    const before = outbox(t).length;
    const warned = await t.app.services.expiryWarnings.warnDue();
    await outboxSettled(t);
    return { warned, mail: outbox(t).slice(before) };
  }

  it('picks the latest threshold reached', () => {
    expect([31, 30, 8, 7, 2, 1, 0].map(warningDue)).toEqual([null, 30, 30, 7, 7, 1, 1]);
  });

  it("e-mails the tenant's administrators 30, 7 and 1 days before, once each", async () => {
    const base = Date.now();
    const admin = await createTenantWithUser(t);
    const second = await createTenantWithUser(t, { inTenant: admin.tenantId });
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const id = await createProvider(t, admin, providerBody(idp.issuer, { name: 'Okta staff' }));
    const endsAt = new Date(base + 40 * DAY);
    await setEnd(admin, id, endsAt);

    expect((await runAt(base)).warned).toBe(0);
    const thirty = await runAt(base + 11 * DAY);
    expect(thirty.warned).toBe(1);
    expect(thirty.mail.map((m) => m.to).sort()).toEqual([admin.email, second.email].sort());
    expect(thirty.mail.map((m) => m.to)).not.toContain(member.email);
    expect(thirty.mail[0]!.subject).toBe('Identity provider "Okta staff": credentials expire in 29 days');
    expect(thirty.mail[0]!.text).toContain(`/identity-providers/${id}`);
    expect(thirty.mail[0]!.text).toContain(endsAt.toISOString().slice(0, 10));
    // The next day's run, or another process's, sends nothing more for the same threshold.
    expect(await runAt(base + 12 * DAY)).toEqual({ warned: 0, mail: [] });

    const seven = await runAt(base + 34 * DAY);
    expect(seven.mail.map((m) => m.subject)).toEqual([
      'Identity provider "Okta staff": credentials expire in 6 days',
      'Identity provider "Okta staff": credentials expire in 6 days',
    ]);
    expect(await runAt(base + 35 * DAY)).toEqual({ warned: 0, mail: [] });

    const one = await runAt(base + 39.5 * DAY);
    expect(one.mail.map((m) => m.subject)).toContain(
      'Identity provider "Okta staff": credentials expire in 1 day',
    );
    expect(one.warned).toBe(1);
    expect(await runAt(base + 39.6 * DAY)).toEqual({ warned: 0, mail: [] });
    // Past the end: nothing more (the banner says it).
    expect(await runAt(base + 41 * DAY)).toEqual({ warned: 0, mail: [] });

    // A renewed secret with a new end date is warned about again.
    await setEnd(admin, id, new Date(base + 41 * DAY + 5 * DAY));
    const renewed = await runAt(base + 41 * DAY);
    expect(renewed.warned).toBe(1);
    expect(renewed.mail[0]!.subject).toBe('Identity provider "Okta staff": credentials expire in 5 days');
  });

  it('tells a provider given five days the 7-day warning only', async () => {
    const base = Date.now();
    const admin = await createTenantWithUser(t);
    const id = await createProvider(t, admin, providerBody(idp.issuer));
    await setEnd(admin, id, new Date(base + 5 * DAY));
    const first = await runAt(base);
    expect(first.mail.map((m) => m.subject)).toEqual([
      'Identity provider "Acme Login": credentials expire in 5 days',
    ]);
    expect((await runAt(base + 4.5 * DAY)).mail).toHaveLength(1);
  });

  it("lists the tenant's own providers for the banner, to administrators only", async () => {
    const base = Date.now();
    clock = base;
    const admin = await createTenantWithUser(t);
    const soon = await createProvider(t, admin, providerBody(idp.issuer, { name: 'Soon' }));
    const later = await createProvider(t, admin, providerBody(idp.issuer, { name: 'Later' }));
    const ended = await createProvider(t, admin, providerBody(idp.issuer, { name: 'Ended' }));
    await createProvider(t, admin, providerBody(idp.issuer, { name: 'Undated' }));
    await setEnd(admin, soon, new Date(base + 3 * DAY));
    await setEnd(admin, later, new Date(base + 60 * DAY));
    await setEnd(admin, ended, new Date(base - DAY));

    const list = (await api.call(admin, expiringCredentialsEndpoints.list)).result();
    expect(list.identityProviders.map((p) => p.name)).toEqual(['Ended', 'Soon']);
    expect(list.identityProviders[1]).toEqual({
      id: soon,
      name: 'Soon',
      credentialsExpireAt: new Date(base + 3 * DAY).toISOString(),
    });

    const other = await createTenantWithUser(t);
    expect((await api.call(other, expiringCredentialsEndpoints.list)).result()).toEqual({
      identityProviders: [],
    });
    const member = await createTenantWithUser(t, { inTenant: admin.tenantId, isAdmin: false });
    const refused = await api.call(member, expiringCredentialsEndpoints.list);
    expect(refused.statusCode).toBe(403);
  });
});
