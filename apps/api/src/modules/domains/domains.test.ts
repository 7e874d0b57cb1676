import { randomUUID } from 'node:crypto';
import { DOMAIN_MESSAGES, domainEndpoints } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import {
  call,
  createTenantWithUser,
  createTestApp,
  lastMailTo,
  outbox,
  outboxSettled,
  type TestUser,
  useTestApp,
} from '../../../test/app.js';
import type { Database } from '../../db/client.js';
import { auditEvents, tenants } from '../../db/schema/index.js';
import type { Actor } from '../../lib/context.js';
import { createDomainService } from './domains.service.js';
import { addDomain, createDomainsTestApp, storedDomain } from './domains.test-helpers.js';

const DAY = 24 * 3_600_000;

describe('verified domains', () => {
  const t = useTestApp(createDomainsTestApp);
  const api = apiCaller(t);

  const trailOf = (u: { tenantId: string }, targetId: string) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.tenantId, u.tenantId), eq(auditEvents.targetId, targetId)))
        .orderBy(auditEvents.createdAt),
    );
  const verify = (u: TestUser, id: string) => api.call(u, domainEndpoints.verify, { params: { id } });

  it('adds a pending domain with a TXT record to publish, once per tenant, and audits it', async () => {
    const u = await createTenantWithUser(t);
    const res = await api.call(u, domainEndpoints.create, { body: { domain: ' Add.Example.ORG. ' } });
    expect(res.statusCode).toBe(201);
    const domain = res.result();
    expect(domain).toMatchObject({
      domain: 'add.example.org',
      status: 'Pending',
      txtName: '_skyvault-verification.add.example.org',
      txtValue: expect.stringMatching(/^skyvault-verification=[\w-]{32}$/),
      verifiedAt: null,
      lastFound: [],
      missingSince: null,
      lapsesAt: null,
    });
    expect((await api.call(u, domainEndpoints.get, { params: { id: domain.id } })).result()).toEqual(domain);
    expect((await api.call(u, domainEndpoints.list)).result()).toEqual({ domains: [domain], total: 1 });

    const again = await api.call(u, domainEndpoints.create, { body: { domain: 'add.example.org' } });
    expect(again.statusCode).toBe(409);
    expect(again.refusal().fields).toEqual({ domain: DOMAIN_MESSAGES.domainAdded });

    const [event] = await trailOf(u, domain.id);
    expect(event).toMatchObject({ action: 'create', targetType: 'domain', targetName: 'add.example.org' });
  });

  it.each([
    ['co.uk', DOMAIN_MESSAGES.domainPublicSuffix('co.uk')],
    ['github.io', DOMAIN_MESSAGES.domainPublicSuffix('github.io')],
    ['gmail.com', DOMAIN_MESSAGES.domainFreeMail],
    ['192.0.2.10', DOMAIN_MESSAGES.domainIpAddress],
    ['https://acme.com/', DOMAIN_MESSAGES.domainFormat],
  ])('refuses %s with a 400 that says why', async (domain, message) => {
    const u = await createTenantWithUser(t);
    const res = await api.call(u, domainEndpoints.create, { body: { domain } });
    expect(res.statusCode).toBe(400);
    expect(res.refusal()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { domain: message } });
  });

  it('stays pending with what the look-up found until the record holds the value, then is verified', async () => {
    const u = await createTenantWithUser(t);
    const domain = await addDomain(t, u, 'pending.example.net');

    const nothing = (await verify(u, domain.id)).result();
    expect(nothing).toMatchObject({
      status: 'Pending',
      lastFound: [],
      lastError: DOMAIN_MESSAGES.lookup.notFound(domain.txtName),
      checkedAt: expect.any(String),
    });

    t.dns.setTxt(domain.txtName, []);
    expect((await verify(u, domain.id)).result()).toMatchObject({
      status: 'Pending',
      lastError: DOMAIN_MESSAGES.lookup.noTxt(domain.txtName),
    });

    t.dns.setTxt(domain.txtName, ['skyvault-verification=not-this-one', 'v=spf1 -all']);
    expect((await verify(u, domain.id)).result()).toMatchObject({
      status: 'Pending',
      lastFound: ['skyvault-verification=not-this-one', 'v=spf1 -all'],
      lastError: DOMAIN_MESSAGES.lookup.otherValues,
    });

    t.dns.setTxt(domain.txtName, ['v=spf1 -all', domain.txtValue]);
    const verified = (await verify(u, domain.id)).result();
    expect(verified).toMatchObject({
      status: 'Verified',
      verifiedAt: expect.any(String),
      lastError: null,
      lastFound: ['v=spf1 -all', domain.txtValue],
    });

    const trail = await trailOf(u, domain.id);
    expect(trail.map((e) => [e.action, e.outcome])).toEqual([
      ['create', 'success'],
      ['verify-domain', 'failure'],
      ['verify-domain', 'failure'],
      ['verify-domain', 'failure'],
      ['verify-domain', 'success'],
    ]);
  });

  it('says so when the DNS servers do not answer in time', async () => {
    const u = await createTenantWithUser(t);
    const domain = await addDomain(t, u, 'silent.example.net');
    t.dns.setTxt(domain.txtName, 'silent');
    expect((await verify(u, domain.id)).result()).toMatchObject({
      status: 'Pending',
      lastError: DOMAIN_MESSAGES.lookup.timeout,
    });
  });

  it("refuses to verify another tenant's verified domain, audited on both sides", async () => {
    const owner = await createTenantWithUser(t);
    const owned = await addDomain(t, owner, 'owned.example.com');
    const other = await createTenantWithUser(t);
    const claimed = await addDomain(t, other, 'owned.example.com');
    // Both values under the one name, as two TXT records: the other tenant did publish its own.
    t.dns.setTxt(owned.txtName, [owned.txtValue, claimed.txtValue]);
    expect((await verify(owner, owned.id)).result().status).toBe('Verified');

    const refused = await verify(other, claimed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.refusal()).toMatchObject({ code: 'CONFLICT', message: DOMAIN_MESSAGES.verifiedElsewhere });
    expect(
      (await api.call(other, domainEndpoints.get, { params: { id: claimed.id } })).result(),
    ).toMatchObject({
      status: 'Pending',
      lastError: DOMAIN_MESSAGES.verifiedElsewhere,
    });

    const theirs = await trailOf(other, claimed.id);
    expect(theirs.at(-1)).toMatchObject({
      action: 'verify-domain-refused',
      outcome: 'failure',
      actorId: other.userId,
      targetName: 'owned.example.com',
    });
    const ours = await trailOf(owner, owned.id);
    expect(ours.at(-1)).toMatchObject({
      action: 'domain-claim-attempt',
      outcome: 'failure',
      actorId: null,
      targetName: 'owned.example.com',
    });
    // Nothing in the owner's event names the other organization.
    expect(JSON.stringify(ours.at(-1))).not.toContain(other.tenantId);

    // Once the owner lets it go, the other tenant may verify it.
    await api.call(owner, domainEndpoints.remove, { params: { id: owned.id } });
    expect((await verify(other, claimed.id)).result().status).toBe('Verified');
  });

  it('lets the unique index decide when another tenant verifies the domain during the check', async () => {
    const owner = await createTenantWithUser(t);
    const owned = await addDomain(t, owner, 'raced.example.com');
    const other = await createTenantWithUser(t);
    const claimed = await addDomain(t, other, 'raced.example.com');
    t.dns.setTxt(claimed.txtName, [owned.txtValue, claimed.txtValue]);
    // The other tenant's pre-check finds no owner; the owner's verification lands right after it.
    let checks = 0;
    const database: Database = {
      ...t.database,
      system: async (fn) => {
        const answer = await t.database.system(fn);
        checks += 1;
        if (checks === 1) expect((await verify(owner, owned.id)).result().status).toBe('Verified');
        return answer;
      },
    };
    const domains = createDomainService({
      database,
      outbox: t.app.services.outbox,
      brand: 'skyvault',
      publicUrl: t.config.publicUrl,
      config: t.config.domains,
      log: t.app.log,
    });
    const actor = { tenantId: other.tenantId, userId: other.userId } as Actor;
    await expect(
      domains.verify(actor, { ip: '192.0.2.1', requestId: 'race' }, claimed.id),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: DOMAIN_MESSAGES.verifiedElsewhere,
    });
    expect((await storedDomain(t, claimed.id)).status).toBe('Pending');
    expect((await trailOf(owner, owned.id)).at(-1)).toMatchObject({ action: 'domain-claim-attempt' });
    expect((await trailOf(other, claimed.id)).at(-1)).toMatchObject({ action: 'verify-domain-refused' });
  });

  it("answers 404 for another tenant's domain and 403 to a user who is not an administrator", async () => {
    const owner = await createTenantWithUser(t);
    const domain = await addDomain(t, owner, 'private.example.com');
    const stranger = await createTenantWithUser(t);
    for (const endpoint of [domainEndpoints.get, domainEndpoints.verify, domainEndpoints.remove]) {
      const res = await api.call(stranger, endpoint, { params: { id: domain.id } });
      expect(res.statusCode).toBe(404);
      expect(res.refusal().message).toBe(DOMAIN_MESSAGES.notFound);
    }
    expect((await api.call(stranger, domainEndpoints.list)).result()).toEqual({ domains: [], total: 0 });

    const member = await createTenantWithUser(t, { isAdmin: false, inTenant: owner.tenantId });
    expect((await api.call(member, domainEndpoints.list)).statusCode).toBe(403);
    expect(
      (await api.call(member, domainEndpoints.create, { body: { domain: 'x.example.com' } })).statusCode,
    ).toBe(403);
    expect((await storedDomain(t, domain.id)).status).toBe('Pending');
  });

  it('deletes a domain with its audit event', async () => {
    const u = await createTenantWithUser(t);
    const domain = await addDomain(t, u, 'gone.example.com');
    expect((await api.call(u, domainEndpoints.remove, { params: { id: domain.id } })).statusCode).toBe(204);
    expect((await api.call(u, domainEndpoints.get, { params: { id: domain.id } })).statusCode).toBe(404);
    expect((await trailOf(u, domain.id)).at(-1)).toMatchObject({
      action: 'delete',
      changes: { domain: { before: 'gone.example.com' } },
    });
  });

  it('refuses a sign-up on a verified domain without creating a tenant, and takes one on another domain', async () => {
    const u = await createTenantWithUser(t);
    const domain = await addDomain(t, u, 'signup.example.com');
    t.dns.setTxt(domain.txtName, [domain.txtValue]);
    await verify(u, domain.id);
    const signUp = (email: string) =>
      call(t, {
        method: 'POST',
        url: '/api/v1/tenants',
        remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
        payload: {
          firstName: 'Jane',
          lastName: 'Doe',
          email,
          password: 'Secret-pass1',
          confirmPassword: 'Secret-pass1',
        },
      });

    const tenantCount = async () =>
      (await t.database.system((tx) => tx.select({ id: tenants.id }).from(tenants))).length;
    const before = await tenantCount();
    const refused = await signUp('colleague@SignUp.example.com');
    expect(refused.statusCode).toBe(409);
    const message = DOMAIN_MESSAGES.signUpOnVerifiedDomain('signup.example.com');
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message, fields: { email: message } });
    expect(await tenantCount()).toBe(before);

    const elsewhere = await signUp('someone@unclaimed.example.com');
    expect(elsewhere.statusCode).toBe(201);

    // A sign-up made before its domain was verified is not activated once it is.
    const early = await signUp('early@later.example.com');
    expect(early.statusCode).toBe(201);
    const token = /\/tenants\/verify\?token=([\w-]+)/.exec(
      (await lastMailTo(t, 'early@later.example.com')).text,
    )![1]!;
    const later = await addDomain(t, u, 'later.example.com');
    t.dns.setTxt(later.txtName, [later.txtValue]);
    expect((await verify(u, later.id)).result().status).toBe('Verified');
    const link = await call(t, { method: 'POST', url: '/api/v1/tenants/verify', payload: { token } });
    expect(link.statusCode).toBe(409);
    expect(link.json().message).toBe(DOMAIN_MESSAGES.signUpOnVerifiedDomain('later.example.com'));
    const [pendingTenant] = await t.database.system((tx) =>
      tx.select().from(tenants).where(eq(tenants.name, 'later')),
    );
    expect(pendingTenant?.status).toBe('pending');
  });
});

describe('the daily re-check of verified domains', () => {
  const t = useTestApp(createDomainsTestApp);
  const api = apiCaller(t);

  async function verifiedDomain(name: string) {
    const u = await createTenantWithUser(t, { email: `admin-${randomUUID().slice(0, 8)}@${name}` });
    const domain = await addDomain(t, u, name);
    t.dns.setTxt(domain.txtName, [domain.txtValue]);
    expect((await api.call(u, domainEndpoints.verify, { params: { id: domain.id } })).result().status).toBe(
      'Verified',
    );
    return { u, domain };
  }
  const actionsOf = async (u: TestUser, id: string) =>
    (
      await t.database.tenant(u.tenantId, (tx) =>
        tx.select().from(auditEvents).where(eq(auditEvents.targetId, id)).orderBy(auditEvents.createdAt),
      )
    ).map((e) => e.action);
  const mailsTo = (to: string) => outbox(t).filter((m) => m.to === to);

  it('reports a missing record once by e-mail, lapses the domain after the grace period, and audits each step', async () => {
    const { u, domain } = await verifiedDomain('lapsing.example.com');
    // Not due yet: nothing is claimed.
    expect(await t.app.services.domains.runDue()).toBe(0);

    t.dns.remove(domain.txtName);
    t.advance(DAY + 60_000);
    expect(await t.app.services.domains.runDue()).toBeGreaterThanOrEqual(1);
    const missing = await storedDomain(t, domain.id);
    expect(missing).toMatchObject({
      status: 'Verified',
      lastError: DOMAIN_MESSAGES.lookup.notFound(domain.txtName),
    });
    expect(missing.missingSince).toBeInstanceOf(Date);
    const mail = await lastMailTo(t, u.email);
    expect(mail.subject).toBe('The verification record of lapsing.example.com is missing');
    expect(mail.text).toContain('_skyvault-verification.lapsing.example.com');
    expect(mail.text).toContain('https://console.example.com/domains');

    // What the console's banner shows: since when, and when it lapses.
    const [shown] = (await api.call(u, domainEndpoints.list)).result().domains;
    expect(shown).toMatchObject({ missingSince: missing.missingSince!.toISOString() });
    expect(Date.parse(shown!.lapsesAt!) - missing.missingSince!.getTime()).toBe(7 * DAY);

    // A day later it is still missing: no second e-mail.
    t.advance(DAY + 60_000);
    await t.app.services.domains.runDue();
    await lastMailTo(t, u.email);
    expect(mailsTo(u.email)).toHaveLength(1);
    expect((await storedDomain(t, domain.id)).status).toBe('Verified');

    // Past the seven days' grace: lapsed, and e-mailed.
    t.advance(6 * DAY);
    await t.app.services.domains.runDue();
    const lapsed = await storedDomain(t, domain.id);
    expect(lapsed).toMatchObject({ status: 'Lapsed', nextCheckAt: null });
    expect((await lastMailTo(t, u.email)).subject).toBe('lapsing.example.com is no longer a verified domain');
    expect(mailsTo(u.email)).toHaveLength(2);
    expect(await actionsOf(u, domain.id)).toEqual([
      'create',
      'verify-domain',
      'domain-record-missing',
      'lapse-domain',
    ]);
  });

  it('clears the missing mark when the record comes back', async () => {
    const { u, domain } = await verifiedDomain('flaky.example.com');
    t.dns.setTxt(domain.txtName, ['something else']);
    t.advance(DAY + 60_000);
    await t.app.services.domains.runDue();
    expect((await storedDomain(t, domain.id)).missingSince).toBeInstanceOf(Date);

    t.dns.setTxt(domain.txtName, [domain.txtValue]);
    t.advance(DAY + 60_000);
    await t.app.services.domains.runDue();
    expect(await storedDomain(t, domain.id)).toMatchObject({
      status: 'Verified',
      missingSince: null,
      lastError: null,
    });
    expect((await actionsOf(u, domain.id)).slice(-2)).toEqual([
      'domain-record-missing',
      'domain-record-restored',
    ]);
  });

  it('checks each due domain in exactly one of two processes', async () => {
    const second = await createTestApp(
      { DNS_SERVERS: t.dns.address, DNS_TIMEOUT_MS: '400' },
      { database: t.database, keepDatabase: true, clock: t.now },
    );
    try {
      const due = await Promise.all(
        ['one', 'two', 'three'].map((n) => verifiedDomain(`${n}.shared.example.com`)),
      );
      for (const { domain } of due) t.dns.remove(domain.txtName);
      t.advance(DAY + 60_000);
      await Promise.all([t.app.services.domains.runDue(), second.app.services.domains.runDue()]);
      for (const { u, domain } of due) {
        expect((await actionsOf(u, domain.id)).filter((a) => a === 'domain-record-missing')).toHaveLength(1);
      }
      // Each administrator got one e-mail, whichever process's dispatcher sent it: the outbox is
      // one table, so once nothing is due there both processes have sent what they claimed.
      await outboxSettled(t);
      const sent = [...outbox(t), ...outbox(second)];
      for (const { u } of due) expect(sent.filter((m) => m.to === u.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('starts no grace period when the DNS servers do not answer', async () => {
    const { domain } = await verifiedDomain('outage.example.com');
    t.dns.setTxt(domain.txtName, 'silent');
    t.advance(DAY + 60_000);
    await t.app.services.domains.runDue();
    expect(await storedDomain(t, domain.id)).toMatchObject({
      status: 'Verified',
      missingSince: null,
      lastError: DOMAIN_MESSAGES.lookup.timeout,
    });
  });
});
