import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { createTenantWithUser, useTestApp } from '../../../test/app.js';
import { createRole } from '../roles/roles.test-helpers.js';
import { patch, scimFor, USER_SCHEMA } from './scim.test-helpers.js';

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

type Declared = {
  name: string;
  type: string;
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  canonicalValues?: string[];
  referenceTypes?: string[];
  mutability: string;
  returned: string;
  uniqueness: string;
  subAttributes?: Declared[];
};

/**
 * Our declared attribute as SCIMMY (an outside SCIM 2.0 library, RFC 7643 §7) builds it: its
 * constructor refuses a malformed definition, and its coercion then checks values against it.
 */
function toAttribute(a: Declared): InstanceType<typeof SCIMMY.Types.Attribute> {
  return new SCIMMY.Types.Attribute(
    a.type as never,
    a.name,
    {
      multiValued: a.multiValued,
      description: a.description,
      required: a.required,
      caseExact: a.caseExact,
      mutable: a.mutability as never,
      returned: a.returned as never,
      uniqueness: a.uniqueness as never,
      ...(a.canonicalValues ? { canonicalValues: a.canonicalValues } : {}),
      ...(a.referenceTypes ? { referenceTypes: a.referenceTypes } : {}),
    },
    (a.subAttributes ?? []).map(toAttribute),
  );
}

/** Mutability a resource may declare stricter than RFC 7643's own schema does (docs/scim.md). */
const STRICTER = new Set(['displayName', 'members.display']);

/**
 * An outside checker, run as a peer of the app: SCIMMY validates /Schemas, /ResourceTypes and
 * /ServiceProviderConfig against its RFC 7643 definitions, and every User and Group the server returns
 * against both our declared schema and RFC 7643's (the Python checkers, scim2-tester and scim-sanity,
 * cannot be installed here; docs/scim.md says what they would be run with).
 */
describe('SCIM against an outside checker (SCIMMY)', () => {
  const t = useTestApp();

  async function scene() {
    const admin = await createTenantWithUser(t);
    await createRole(t, admin, 'Viewers');
    const { scim } = await scimFor(t, admin, 'Checker');
    return { admin, scim };
  }

  it('declares every attribute well-formed, with referenceTypes on every reference, as RFC 7643 types it', async () => {
    const { scim } = await scene();
    const listed = (await scim('GET', '/Schemas')).json();
    expect(listed.Resources.map((s: { id: string }) => s.id)).toEqual([USER_SCHEMA, GROUP_SCHEMA]);
    const rfc: Record<string, InstanceType<typeof SCIMMY.Types.SchemaDefinition>> = {
      [USER_SCHEMA]: SCIMMY.Schemas.User.definition,
      [GROUP_SCHEMA]: SCIMMY.Schemas.Group.definition,
    };
    for (const schema of listed.Resources as { id: string; name: string; attributes: Declared[] }[]) {
      expect((await scim('GET', `/Schemas/${schema.id}`)).json()).toEqual(schema);
      const walk = (attributes: Declared[], prefix: string) => {
        for (const attribute of attributes) {
          const path = `${prefix}${attribute.name}`;
          const reference = rfc[schema.id]!.attribute(path);
          expect(attribute.type, path).toBe(reference.type);
          expect(attribute.multiValued, path).toBe(reference.config.multiValued);
          if (attribute.type === 'reference') {
            expect(attribute.referenceTypes, path).toEqual(expect.arrayContaining([expect.any(String)]));
            for (const type of attribute.referenceTypes!)
              expect(reference.config.referenceTypes, path).toContain(type);
          }
          const theirs = reference.toJSON().mutability;
          if (!STRICTER.has(path) && theirs !== 'readWrite') expect(attribute.mutability, path).toBe(theirs);
          walk(attribute.subAttributes ?? [], `${path}.`);
        }
      };
      walk(schema.attributes, '');
      expect(() => schema.attributes.map(toAttribute)).not.toThrow();
    }

    // The discovery resources, coerced by SCIMMY's own definitions of them, lose nothing.
    const config = (await scim('GET', '/ServiceProviderConfig')).json();
    const coercedConfig = SCIMMY.Schemas.ServiceProviderConfig.definition.coerce(config, 'out');
    for (const key of ['patch', 'bulk', 'filter', 'changePassword', 'sort', 'etag'])
      expect(coercedConfig[key], key).toEqual(config[key]);
    for (const type of (await scim('GET', '/ResourceTypes')).json().Resources) {
      const coerced = SCIMMY.Schemas.ResourceType.definition.coerce(type, 'out');
      expect(coerced).toMatchObject({ name: type.name, endpoint: type.endpoint, schema: type.schema });
      expect((await scim('GET', `/ResourceTypes/${type.id}`)).json()).toEqual(type);
      expect([USER_SCHEMA, GROUP_SCHEMA]).toContain(type.schema);
    }
  });

  it('returns Users and Groups that conform to the declared schema and to RFC 7643, declaring all they carry', async () => {
    const { admin, scim } = await scene();
    const tag = admin.tenantId.slice(0, 6);
    const ours: Record<string, InstanceType<typeof SCIMMY.Types.SchemaDefinition>> = {};
    for (const schema of (await scim('GET', '/Schemas')).json().Resources) {
      ours[schema.id] = new SCIMMY.Types.SchemaDefinition(
        schema.name,
        schema.id,
        schema.description,
        schema.attributes.map(toAttribute),
      );
    }
    const user = (
      await scim('POST', '/Users', {
        userName: `checked-${tag}@contoso.com`,
        externalId: 'checked',
        name: { givenName: 'Checked', familyName: 'User' },
        emails: [{ value: `mailbox-${tag}@contoso.com`, type: 'work', primary: true }],
      })
    ).json();
    const group = (
      await scim('POST', '/Groups', { displayName: 'Checked', members: [{ value: user.id }] })
    ).json();
    await scim('PATCH', `/Users/${user.id}`, patch({ op: 'Replace', path: 'active', value: 'False' }));

    const resources = [
      (await scim('GET', `/Users/${user.id}`)).json(),
      (await scim('GET', `/Users/${admin.userId}`)).json(),
      ...(await scim('GET', '/Users')).json().Resources,
      (await scim('GET', `/Groups/${group.id}`)).json(),
      ...(await scim('GET', '/Groups')).json().Resources,
    ];
    expect(resources.find((r) => r.id === user.id)).toMatchObject({
      groups: [{ value: group.id, type: 'direct' }],
      active: false,
    });
    for (const resource of resources) {
      const [id] = resource.schemas as string[];
      const declared = ours[id!]!;
      const coerced = declared.coerce(resource, 'out');
      // What SCIMMY keeps is what its definition (ours) declares: nothing returned is undeclared.
      for (const [key, value] of Object.entries(resource)) {
        if (['schemas', 'id', 'externalId', 'meta'].includes(key)) continue;
        expect(coerced[key], `${id} ${key}`).toEqual(value);
      }
      // And RFC 7643's own definitions take it as it is.
      const rfc = id === USER_SCHEMA ? SCIMMY.Schemas.User : SCIMMY.Schemas.Group;
      expect(() => new rfc(resource, 'out'), JSON.stringify(resource)).not.toThrow();
      expect(resource.meta).toMatchObject({
        resourceType: id === USER_SCHEMA ? 'User' : 'Group',
        created: expect.stringMatching(/Z$/),
        lastModified: expect.stringMatching(/Z$/),
        location: expect.stringContaining(
          `/scim/v2/${id === USER_SCHEMA ? 'Users' : 'Groups'}/${resource.id}`,
        ),
      });
    }
  });

  it('accepts the filters SCIMMY parses as RFC 7644 filters, and refuses what it refuses', async () => {
    const { scim } = await scene();
    for (const filter of [
      'userName eq "a@example.com" and (active eq true or name.familyName sw "Ex")',
      'not (emails[type eq "work" and value co "@example.com"])',
      'meta.lastModified gt "2011-05-13T04:42:34Z"',
      'externalId pr',
    ]) {
      expect(() => new SCIMMY.Types.Filter(filter), filter).not.toThrow();
      expect((await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`)).statusCode, filter).toBe(200);
    }
    for (const filter of ['(userName eq "a"', 'userName zz "a"', 'emails[type eq "work"']) {
      expect(() => new SCIMMY.Types.Filter(filter), filter).toThrow();
      expect((await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`)).statusCode, filter).toBe(400);
    }
  });
});
