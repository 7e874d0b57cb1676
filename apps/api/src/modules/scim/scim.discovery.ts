import type { FastifyInstance } from 'fastify';
import { GROUP_SCHEMA, listResponse, sendScim, USER_SCHEMA } from './scim.resources.js';
import { MAX_RESULTS } from './scim.users.js';

const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';

type Attribute = {
  name: string;
  description: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  caseExact?: boolean;
  canonicalValues?: string[];
  /** The resource types a reference may name (RFC 7643 §7): every reference attribute has them. */
  referenceTypes?: string[];
  subAttributes?: Attribute[];
};

/** An attribute as RFC 7643 §7 describes it, with the RFC's defaults filled in. */
const attribute = (a: Attribute): Record<string, unknown> => ({
  name: a.name,
  type: a.type,
  multiValued: a.multiValued ?? false,
  description: a.description,
  required: a.required ?? false,
  ...(a.canonicalValues ? { canonicalValues: a.canonicalValues } : {}),
  caseExact: a.caseExact ?? false,
  mutability: a.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: a.uniqueness ?? 'none',
  ...(a.type === 'reference' ? { referenceTypes: a.referenceTypes ?? [] } : {}),
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
});

/**
 * The attributes these endpoints keep and return (every one a resource carries is declared); others a
 * client sends are accepted and not stored. `id`, `externalId` and `meta` are the common attributes of
 * every resource (RFC 7643 §3.1) and, as the RFC's own schemas (§8.7.1), are not repeated here.
 */
const USER_ATTRIBUTES: Attribute[] = [
  {
    name: 'userName',
    description: "The user's e-mail address: the console's login and the address its mail goes to.",
    type: 'string',
    required: true,
    uniqueness: 'server',
  },
  {
    name: 'name',
    description: "The user's name.",
    type: 'complex',
    subAttributes: [
      { name: 'givenName', description: 'First name.', type: 'string' },
      { name: 'familyName', description: 'Last name.', type: 'string' },
      { name: 'formatted', description: 'First and last name.', type: 'string', mutability: 'readOnly' },
    ],
  },
  {
    name: 'displayName',
    description: 'First and last name (read from name; a new user without one takes it from here).',
    type: 'string',
    mutability: 'readOnly',
  },
  {
    name: 'emails',
    description: 'The work e-mail address: the userName, unless the provider sent another one.',
    type: 'complex',
    multiValued: true,
    subAttributes: [
      { name: 'value', description: 'The address.', type: 'string' },
      { name: 'type', description: 'Always "work".', type: 'string', canonicalValues: ['work'] },
      { name: 'primary', description: 'Always true.', type: 'boolean' },
    ],
  },
  { name: 'active', description: 'False when the user is disabled.', type: 'boolean' },
  {
    name: 'groups',
    description: "The user's group (one at most); changed through the group's members.",
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      { name: 'value', description: "The group's id.", type: 'string', mutability: 'readOnly' },
      {
        name: '$ref',
        description: "The group's URI.",
        type: 'reference',
        referenceTypes: ['Group'],
        mutability: 'readOnly',
      },
      { name: 'display', description: "The group's name.", type: 'string', mutability: 'readOnly' },
      {
        name: 'type',
        description: 'Always "direct": groups do not nest.',
        type: 'string',
        canonicalValues: ['direct'],
        mutability: 'readOnly',
      },
    ],
  },
];

const GROUP_ATTRIBUTES: Attribute[] = [
  {
    name: 'displayName',
    description: "The group's name, unique in the organization whatever its case.",
    type: 'string',
    required: true,
    uniqueness: 'server',
  },
  {
    name: 'members',
    description: "The group's users (a user is in one group at most).",
    type: 'complex',
    multiValued: true,
    subAttributes: [
      { name: 'value', description: "The user's id.", type: 'string', mutability: 'immutable' },
      {
        name: '$ref',
        description: "The user's URI.",
        type: 'reference',
        referenceTypes: ['User'],
        mutability: 'immutable',
      },
      { name: 'display', description: "The user's e-mail address.", type: 'string', mutability: 'readOnly' },
      {
        name: 'type',
        description: 'Always "User": groups do not nest.',
        type: 'string',
        canonicalValues: ['User'],
        mutability: 'immutable',
      },
    ],
  },
];

/** ServiceProviderConfig, ResourceTypes and Schemas (RFC 7644 §4): what a client may rely on. */
export async function scimDiscoveryRoutes(app: FastifyInstance, { base }: { base: string }) {
  const meta = (resourceType: string, path: string) => ({ resourceType, location: `${base}/${path}` });

  const schemas = [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: 'User',
      description: 'A user of the organization; userName is their e-mail address.',
      attributes: USER_ATTRIBUTES.map(attribute),
      meta: meta('Schema', `Schemas/${USER_SCHEMA}`),
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A group of the organization; a user is in one group at most.',
      attributes: GROUP_ATTRIBUTES.map(attribute),
      meta: meta('Schema', `Schemas/${GROUP_SCHEMA}`),
    },
  ];
  const resourceTypes = [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: USER_SCHEMA,
      meta: meta('ResourceType', 'ResourceTypes/User'),
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: GROUP_SCHEMA,
      meta: meta('ResourceType', 'ResourceTypes/Group'),
    },
  ];

  app.get('/ServiceProviderConfig', async (_request, reply) =>
    sendScim(reply, 200, {
      schemas: [CONFIG_SCHEMA],
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: MAX_RESULTS },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'OAuth Bearer Token',
          description: 'An API token with the SCIM scope, sent as "Authorization: Bearer <token>".',
          primary: true,
        },
      ],
      meta: meta('ServiceProviderConfig', 'ServiceProviderConfig'),
    }),
  );

  app.get('/ResourceTypes', async (_request, reply) =>
    sendScim(reply, 200, listResponse(resourceTypes, resourceTypes.length, 1)),
  );
  app.get<{ Params: { id: string } }>('/ResourceTypes/:id', async (request, reply) => {
    const found = resourceTypes.find((r) => r.id === request.params.id);
    return found ? sendScim(reply, 200, found) : reply.callNotFound();
  });
  app.get('/Schemas', async (_request, reply) =>
    sendScim(reply, 200, listResponse(schemas, schemas.length, 1)),
  );
  app.get<{ Params: { id: string } }>('/Schemas/:id', async (request, reply) => {
    const found = schemas.find((s) => s.id === request.params.id);
    return found ? sendScim(reply, 200, found) : reply.callNotFound();
  });
}
