import {
  auditEndpoints,
  ERROR_MESSAGES,
  type GroupRuleInput,
  groupMappingEndpoints,
  ssoStartPath,
  userEndpoints,
} from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTenantWithUser, type TestUser } from '../../../test/app.js';
import { auditEvents, users, verifiedDomains } from '../../db/schema/index.js';
import { insertVerifiedDomain } from '../domains/domains.test-helpers.js';
import { createGroup, grantDevopsSeats, insertRole } from '../groups/groups.test-helpers.js';
import {
  createProvider,
  locationOf,
  providerBody,
  signInAtProvider,
  ssoCookieFrom,
  useSsoApps,
} from './sso.test-helpers.js';

/**
 * Just-in-time provisioning on verified domains and group mapping, through the local OpenID provider
 * (oidc-provider), whose accounts' `groups` claim the tests change between sign-ins.
 */
describe('just-in-time provisioning and group mapping at sign-in', () => {
  const { idp, t, api } = useSsoApps([
    { sub: 'ada-1', email: 'ada@acme.example', givenName: 'Ada', familyName: 'Lovelace' },
    { sub: 'eve-1', email: 'eve@elsewhere.example' },
  ]);

  /** Login button → the provider's form → our callback; answers the callback's answer. */
  async function signIn(providerId: string, login: string) {
    const started = await t.app.inject({ method: 'GET', url: ssoStartPath(providerId) });
    const back = await signInAtProvider(idp, String(started.headers.location), login);
    return t.app.inject({ method: 'GET', url: back, headers: { cookie: ssoCookieFrom(started) } });
  }

  const userByEmail = async (u: TestUser, email: string) =>
    (
      await t.database.tenant(u.tenantId, (tx) =>
        tx
          .select()
          .from(users)
          .where(and(eq(users.tenantId, u.tenantId), eq(users.email, email))),
      )
    )[0];
  const eventsOf = (u: TestUser, targetId: string) =>
    t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, targetId)).orderBy(auditEvents.seq),
    );

  /** A tenant that verified acme.example, its provider, and three groups to map to. */
  async function setUp(options: { defaultGroup?: boolean } = {}) {
    const admin = await createTenantWithUser(t);
    await insertVerifiedDomain(t, admin.tenantId, 'acme.example');
    const roleId = await insertRole(t, admin.tenantId, 'Viewer');
    const group = (name: string) => createGroup(t, admin, { name, roleId });
    const groups = {
      admins: await group('Backup admins'),
      ops: await group('Operations'),
      viewers: await group('Viewers'),
    };
    const providerId = await createProvider(
      t,
      admin,
      providerBody(idp.issuer, options.defaultGroup ? { defaultGroupId: groups.viewers } : {}),
    );
    return { admin, groups, providerId };
  }

  const setRules = (admin: TestUser, providerId: string, rules: GroupRuleInput[]) =>
    api.call(admin, groupMappingEndpoints.replace, { params: { id: providerId }, body: { rules } });

  it('creates a user at the first sign-in on a verified domain, and refuses one on another domain', async () => {
    const { admin, providerId } = await setUp();
    const ada = await signIn(providerId, 'ada-1');
    expect(ada.headers.location).toBe('/');
    expect(await userByEmail(admin, 'ada@acme.example')).toMatchObject({ status: 'Confirmed' });

    const eve = await signIn(providerId, 'eve-1');
    const landing = locationOf(eve);
    expect(landing.pathname).toBe('/auth/login');
    expect(landing.searchParams.get('ssoError')).toBe('SSO_DOMAIN_NOT_VERIFIED');
    expect(ERROR_MESSAGES.SSO_DOMAIN_NOT_VERIFIED).toMatch(/not verified the domain/);
    expect(eve.headers['set-cookie']).toBeUndefined();
    expect(await userByEmail(admin, 'eve@elsewhere.example')).toBeUndefined();
    const refused = (await eventsOf(admin, providerId)).filter((e) => e.action === 'failed-sign-in');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      outcome: 'failure',
      method: 'sso',
      targetType: 'identity-provider',
      changes: { email: { after: 'eve@elsewhere.example' }, refused: { after: 'domain not verified' } },
    });

    // A domain that lapsed (its TXT record gone) creates nobody either; an existing user still links.
    await t.database.system((tx) =>
      tx
        .update(verifiedDomains)
        .set({ status: 'Lapsed' })
        .where(eq(verifiedDomains.tenantId, admin.tenantId)),
    );
    idp.setAccount({ sub: 'bob-1', email: 'bob@acme.example' });
    expect(locationOf(await signIn(providerId, 'bob-1')).searchParams.get('ssoError')).toBe(
      'SSO_DOMAIN_NOT_VERIFIED',
    );
    expect(await userByEmail(admin, 'bob@acme.example')).toBeUndefined();
    expect((await signIn(providerId, 'ada-1')).headers.location).toBe('/');
  });

  it('adds the group of the first matching rule, and takes it away at a later sign-in without the claim', async () => {
    const { admin, groups, providerId } = await setUp();
    idp.setAccount({ sub: 'ada-1', email: 'ada@acme.example', groups: ['staff', 'sf-backup-admins'] });
    expect(
      (
        await setRules(admin, providerId, [
          { claim: 'groups', operator: 'contains', value: 'sf-backup-admins', groupId: groups.admins },
          { claim: 'groups', operator: 'contains', value: 'staff', groupId: groups.ops },
        ])
      ).statusCode,
    ).toBe(200);

    await signIn(providerId, 'ada-1');
    const ada = (await userByEmail(admin, 'ada@acme.example'))!;
    // Both rules match: the first one in the administrator's order wins.
    expect(ada.groupId).toBe(groups.admins);
    const [mapped] = (await eventsOf(admin, ada.id)).filter((e) => e.action === 'update');
    expect(mapped).toMatchObject({
      actorId: providerId,
      actorEmail: null,
      actorName: 'Identity provider "Acme Login"',
      targetType: 'user',
      changes: { groupId: { before: null, after: groups.admins } },
    });
    const trail = await api.call(admin, auditEndpoints.list, { query: { resourceId: ada.id } });
    const byProvider = trail.result().events.find((e) => e.action === 'update');
    expect(byProvider).toMatchObject({
      actorType: 'identity-provider',
      actor: { id: providerId, name: 'Identity provider "Acme Login"' },
    });

    // Reordered: now the other rule comes first.
    await setRules(admin, providerId, [
      { claim: 'groups', operator: 'contains', value: 'staff', groupId: groups.ops },
      { claim: 'groups', operator: 'contains', value: 'sf-backup-admins', groupId: groups.admins },
    ]);
    await signIn(providerId, 'ada-1');
    expect((await userByEmail(admin, 'ada@acme.example'))!.groupId).toBe(groups.ops);

    // Removed from both groups at the provider: the membership the mapping gave goes (no default group).
    idp.setAccount({ sub: 'ada-1', email: 'ada@acme.example', groups: ['contractors'] });
    await signIn(providerId, 'ada-1');
    expect((await userByEmail(admin, 'ada@acme.example'))!.groupId).toBeNull();
    const changes = (await eventsOf(admin, ada.id))
      .filter((e) => e.action === 'update')
      .map((e) => e.changes);
    expect(changes).toEqual([
      { groupId: { before: null, after: groups.admins } },
      { groupId: { before: groups.admins, after: groups.ops } },
      { groupId: { before: groups.ops, after: null } },
    ]);
  });

  it('falls back to the default group, and leaves a group an administrator chose by hand', async () => {
    const { admin, groups, providerId } = await setUp({ defaultGroup: true });
    idp.setAccount({ sub: 'ada-1', email: 'ada@acme.example', groups: ['sf-backup-admins'] });
    await setRules(admin, providerId, [
      { claim: 'groups', operator: 'contains', value: 'sf-backup-admins', groupId: groups.admins },
    ]);
    await signIn(providerId, 'ada-1');
    const ada = (await userByEmail(admin, 'ada@acme.example'))!;
    expect(ada.groupId).toBe(groups.admins);

    idp.setAccount({ sub: 'ada-1', email: 'ada@acme.example', groups: [] });
    await signIn(providerId, 'ada-1');
    expect((await userByEmail(admin, 'ada@acme.example'))!.groupId).toBe(groups.viewers);

    // An administrator moves her by hand: no rule matches, so the mapping leaves that alone.
    const moved = await api.call(admin, userEndpoints.update, {
      params: { id: ada.id },
      body: { groupId: groups.ops },
    });
    expect(moved.statusCode).toBe(200);
    await signIn(providerId, 'ada-1');
    expect((await userByEmail(admin, 'ada@acme.example'))!.groupId).toBe(groups.ops);
    // A matching rule is the provider's word, and sets the group again.
    idp.setAccount({ sub: 'ada-1', email: 'ada@acme.example', groups: ['sf-backup-admins'] });
    await signIn(providerId, 'ada-1');
    expect((await userByEmail(admin, 'ada@acme.example'))!.groupId).toBe(groups.admins);
  });

  it('changes nobody’s group through a provider without rules', async () => {
    const { admin, groups, providerId } = await setUp({ defaultGroup: true });
    idp.setAccount({ sub: 'ada-1', email: 'ada@acme.example', groups: ['sf-backup-admins'] });
    await signIn(providerId, 'ada-1');
    const ada = (await userByEmail(admin, 'ada@acme.example'))!;
    expect(ada.groupId).toBe(groups.viewers);
    await api.call(admin, userEndpoints.update, { params: { id: ada.id }, body: { groupId: groups.ops } });
    await signIn(providerId, 'ada-1');
    expect((await userByEmail(admin, 'ada@acme.example'))!.groupId).toBe(groups.ops);
  });

  it('gives no group whose role has no DevOps seat left', async () => {
    const admin = await createTenantWithUser(t);
    await insertVerifiedDomain(t, admin.tenantId, 'acme.example');
    await grantDevopsSeats(t, admin.tenantId, 1);
    const full = await insertRole(t, admin.tenantId, 'Engineer', { devopsFullAccess: true });
    const engineers = await createGroup(t, admin, { name: 'Engineers', roleId: full });
    // The administrator takes the only seat.
    await api.call(admin, userEndpoints.update, {
      params: { id: admin.userId },
      body: { groupId: engineers },
    });
    const providerId = await createProvider(t, admin, providerBody(idp.issuer));
    idp.setAccount({ sub: 'ada-1', email: 'ada@acme.example', groups: ['engineers'] });
    await setRules(admin, providerId, [
      { claim: 'groups', operator: 'contains', value: 'engineers', groupId: engineers },
    ]);
    expect((await signIn(providerId, 'ada-1')).headers.location).toBe('/');
    expect((await userByEmail(admin, 'ada@acme.example'))!.groupId).toBeNull();
  });
});
