import type { FastifyInstance } from 'fastify';
import { GROUP_SCHEMA, listResponse, sendScim, USER_SCHEMA } from './scim.resources.js';
import { MAX_RESULTS } from './scim.users.js';

const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  caseExact?: boolean;
  subAttributes?: Attribute[];
};

/** An attribute as RFC 7643 §7 describes it, with the RFC's defaults filled in. */
const attribute = (a: Attribute): Record<string, unknown> => ({
  name: a.name,
  type: a.type,
  multiValued: a.multiValued ?? false,
  required: a.required ?? false,
  caseExact: a.caseExact ?? false,
  mutability: a.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: a.uniqueness ?? 'none',
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
});

/** The attributes these endpoints keep; others a client sends are accepted and not stored. */
const USER_ATTRIBUTES: Attribute[] = [
  { name: 'userName', type: 'string', required: true, uniqueness: 'server' },
  { name: 'externalId', type: 'string', caseExact: true, uniqueness: 'server' },
  {
    name: 'name',
    type: 'complex',
    subAttributes: [
      { name: 'givenName', type: 'string' },
      { name: 'familyName', type: 'string' },
      { name: 'formatted', type: 'string', mutability: 'readOnly' },
    ],
  },
  { name: 'displayName', type: 'string', mutability: 'readOnly' },
  {
    name: 'emails',
    type: 'complex',
    multiValued: true,
    subAttributes: [
      { name: 'value', type: 'string' },
      { name: 'type', type: 'string' },
      { name: 'primary', type: 'boolean' },
    ],
  },
  { name: 'active', type: 'boolean' },
  {
    name: 'groups',
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'readOnly' },
      { name: 'display', type: 'string', mutability: 'readOnly' },
      { name: '$ref', type: 'reference', mutability: 'readOnly' },
    ],
  },
];

const GROUP_ATTRIBUTES: Attribute[] = [
  { name: 'displayName', type: 'string', required: true, uniqueness: 'server' },
  {
    name: 'members',
    type: 'complex',
    multiValued: true,
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'immutable' },
      { name: 'display', type: 'string', mutability: 'readOnly' },
      { name: '$ref', type: 'reference', mutability: 'immutable' },
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
