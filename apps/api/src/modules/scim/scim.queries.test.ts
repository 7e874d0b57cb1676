import { describe, expect, it } from 'vitest';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { createRole } from '../roles/roles.test-helpers.js';
import { oktaUser, patch, SCIM_ERROR, type ScimClient, scimFor, USER_SCHEMA } from './scim.test-helpers.js';

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/**
 * Filters beyond `eq` (RFC 7644 §3.4.2.2, parsed by scim2-parse-filter, run as SQL with parameters) and
 * the attributes/excludedAttributes projections (§3.4.2.5) of users and groups.
 */
describe('SCIM filters and projections', () => {
  const t = useTestApp();

  type Scene = { admin: TestUser; scim: ScimClient; tag: string; ids: Record<string, string> };

  async function scene(): Promise<Scene> {
    const admin = await createTenantWithUser(t);
    await createRole(t, admin, 'Viewers');
    const { scim } = await scimFor(t, admin);
    const tag = admin.tenantId.slice(0, 6);
    const ids: Record<string, string> = {};
    for (const [name, given, family, external] of [
      ['ada', 'Ada', 'Lovelace', 'ext-ada'],
      ['alan', 'Alan', 'Turing', 'ext-alan'],
      ['grace', 'Grace', 'Hopper', 'EXT-grace'],
    ] as const) {
      const res = await scim('POST', '/Users', {
        ...oktaUser(`${name}-${tag}@example.com`, external),
        name: { givenName: given, familyName: family },
      });
      expect(res.statusCode).toBe(201);
      ids[name] = res.json().id;
    }
    // Entra ID's shape: a UPN as userName and a differing work mailbox.
    await scim(
      'PATCH',
      `/Users/${ids.alan}`,
      patch({ op: 'Add', path: 'emails[type eq "work"].value', value: `turing-${tag}@mail.example.org` }),
    );
    await scim('PATCH', `/Users/${ids.grace}`, patch({ op: 'Replace', path: 'active', value: 'False' }));
    return { admin, scim, tag, ids };
  }

  const found = async (scim: ScimClient, filter: string) => {
    const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
    expect(res.statusCode, `${filter}: ${res.body}`).toBe(200);
    return (res.json().Resources as { id: string }[]).map((r) => r.id).sort();
  };

  it('parses and, or, not, parentheses, sw, co, ew, pr, gt and value paths into SQL', async () => {
    const { scim, tag, ids, admin } = await scene();
    const sorted = (...names: string[]) => names.map((n) => (n === 'admin' ? admin.userId : ids[n]!)).sort();
    const cases: [string, string[]][] = [
      [`userName eq "ADA-${tag}@example.com"`, sorted('ada')],
      [`userName sw "a" and userName ew "${tag}@example.com"`, sorted('ada', 'alan')],
      ['name.givenName eq "Ada" or name.familyName eq "Hopper"', sorted('ada', 'grace')],
      ['(name.givenName sw "A" or name.givenName sw "G") and active eq true', sorted('ada', 'alan')],
      ['active eq false', sorted('grace')],
      ['not (active eq false) and externalId pr', sorted('ada', 'alan')],
      ['not (externalId eq "ext-ada") and externalId pr', sorted('alan', 'grace')],
      ['externalId eq "ext-grace"', []], // externalId is compared with its case
      ['externalId co "grace"', sorted('grace')],
      ['displayName co "ace"', sorted('ada', 'grace')], // Lovelace, Grace
      [`emails[type eq "work" and value co "mail.example.org"]`, sorted('alan')],
      [`emails[type eq "work"].value eq "TURING-${tag}@mail.example.org"`, sorted('alan')],
      [`emails.value eq "ada-${tag}@example.com"`, sorted('ada')],
      // The UPN is still the userName, and the work mailbox no longer matches it.
      [`emails.value eq "alan-${tag}@example.com"`, []],
      [`urn:ietf:params:scim:schemas:core:2.0:User:userName eq "alan-${tag}@example.com"`, sorted('alan')],
      ['meta.lastModified gt "2000-01-01T00:00:00Z"', sorted('admin', 'ada', 'alan', 'grace')],
      ['meta.created gt "2999-01-01T00:00:00Z"', []],
      ['userName co "%"', []], // a wildcard of LIKE is a plain character here
      [`userName eq "x\\" or \\"1\\"=\\"1"`, []], // a value stays a value
    ];
    for (const [filter, expected] of cases) expect(await found(scim, filter), filter).toEqual(expected);
    const { lastModified } = (await scim('GET', `/Users/${ids.grace}`)).json().meta;
    expect(await found(scim, `meta.lastModified ge "${lastModified}"`)).toContain(ids.grace);
  });

  it('refuses an attribute it cannot filter on, a value of the wrong type and bad syntax with invalidFilter', async () => {
    const { scim } = await scene();
    for (const filter of [
      'title eq "Engineer"',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber eq "1"',
      'userName eq 5',
      'active eq "yes"',
      'id co "1"',
      'meta.created gt "yesterday"',
      'userName eq',
      'userName xx "a"',
      '(userName eq "a"',
      'emails[type eq "work"',
      `userName eq "${'a'.repeat(2100)}"`,
    ]) {
      const res = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, filter).toBe(400);
      expect(res.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '400', scimType: 'invalidFilter' });
    }
    const groups = await scim('GET', `/Groups?filter=${encodeURIComponent('members.value eq "x"')}`);
    expect(groups.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });

  it('filters groups by displayName, id, dates; none has an externalId', async () => {
    const { scim } = await scene();
    const sales = (
      await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Sales EMEA' })
    ).json();
    await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Support' });
    const names = async (filter: string) =>
      (
        (await scim('GET', `/Groups?filter=${encodeURIComponent(filter)}`)).json().Resources as {
          displayName: string;
        }[]
      )
        .map((g) => g.displayName)
        .sort();
    expect(await names('displayName sw "s"')).toEqual(['Sales EMEA', 'Support']);
    expect(await names('displayName co "emea" or displayName eq "nothing"')).toEqual(['Sales EMEA']);
    expect(await names(`id eq "${sales.id}"`)).toEqual(['Sales EMEA']);
    expect(await names('externalId eq "x"')).toEqual([]);
    expect(
      await names('meta.created gt "2000-01-01T00:00:00.000Z" and not (displayName eq "Support")'),
    ).toEqual(['Sales EMEA']);
  });

  it('honours attributes and excludedAttributes for users and groups, id and schemas always returned', async () => {
    const { scim, ids } = await scene();
    const only = (await scim('GET', `/Users/${ids.ada}?attributes=userName,name.givenName`)).json();
    expect(only).toEqual({
      schemas: [USER_SCHEMA],
      id: ids.ada,
      userName: expect.any(String),
      name: { givenName: 'Ada' },
    });
    const listed = (
      await scim(
        'GET',
        `/Users?filter=${encodeURIComponent(`id eq "${ids.ada}"`)}&attributes=urn:ietf:params:scim:schemas:core:2.0:User:emails.value,ACTIVE`,
      )
    ).json();
    expect(listed.Resources).toEqual([
      { schemas: [USER_SCHEMA], id: ids.ada, emails: [{ value: expect.any(String) }], active: true },
    ]);
    const without = (
      await scim('GET', `/Users/${ids.ada}?excludedAttributes=name,emails.type,meta,groups,id`)
    ).json();
    expect(without.id).toBe(ids.ada);
    expect(without.name).toBeUndefined();
    expect(without.meta).toBeUndefined();
    expect(without.groups).toBeUndefined();
    expect(without.emails).toEqual([{ value: expect.any(String), primary: true }]);
    expect(without.userName).toEqual(expect.any(String));

    const group = (
      await scim('POST', '/Groups?attributes=displayName', {
        displayName: 'Projection',
        members: [{ value: ids.ada }],
      })
    ).json();
    expect(group).toEqual({ schemas: [GROUP_SCHEMA], id: expect.any(String), displayName: 'Projection' });
    for (const filter of ['groups.display eq "projection"', `groups.value eq "${group.id}"`]) {
      const members = (await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`)).json();
      expect(members, filter).toMatchObject({ totalResults: 1, Resources: [{ id: ids.ada }] });
    }
    const full = (await scim('GET', `/Groups/${group.id}`)).json();
    expect(full.members).toEqual([expect.objectContaining({ value: ids.ada, type: 'User' })]);
    expect(
      (await scim('GET', `/Groups/${group.id}?excludedAttributes=members`)).json().members,
    ).toBeUndefined();
    expect((await scim('GET', `/Groups/${group.id}?attributes=members.value`)).json()).toEqual({
      schemas: [GROUP_SCHEMA],
      id: group.id,
      members: [{ value: ids.ada }],
    });
    const patched = await scim(
      'PATCH',
      `/Groups/${group.id}?excludedAttributes=members`,
      patch({ op: 'replace', path: 'displayName', value: 'Projected' }),
    );
    expect(patched.json()).toMatchObject({ displayName: 'Projected' });
    expect(patched.json().members).toBeUndefined();
  });
});
