import type { Group } from '@skyvault/contract';
import type { FastifyReply } from 'fastify';
import type { ProvisionedUser } from '../users/index.js';

/** The URNs of RFC 7643 §8.7 and RFC 7644 §3.4.2, §3.5.2, §3.12. */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** Every answer of /scim/v2 is SCIM JSON and never cached (it carries people's addresses). */
export function sendScim(reply: FastifyReply, status: number, body?: unknown) {
  reply.code(status).header('cache-control', 'no-store');
  if (body === undefined) return reply.send();
  return reply.type(SCIM_CONTENT_TYPE).send(JSON.stringify(body));
}

export function toScimUser(user: ProvisionedUser, base: string) {
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    ...(user.externalId !== null ? { externalId: user.externalId } : {}),
    userName: user.email,
    name: {
      givenName: user.firstName,
      familyName: user.lastName,
      formatted: `${user.firstName} ${user.lastName}`.trim(),
    },
    displayName: `${user.firstName} ${user.lastName}`.trim(),
    emails: [{ value: user.email, primary: true, type: 'work' }],
    active: user.status !== 'Disabled',
    // Read-only: membership is changed through the group (RFC 7643 §4.1.2).
    groups: user.group
      ? [{ value: user.group.id, display: user.group.name, $ref: `${base}/Groups/${user.group.id}` }]
      : [],
    meta: {
      resourceType: 'User',
      created: user.createdAt,
      lastModified: user.updatedAt,
      location: `${base}/Users/${user.id}`,
    },
  };
}

export function toScimGroup(group: Group, members: { id: string; email: string }[] | null, base: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    displayName: group.name,
    ...(members
      ? {
          members: members.map((m) => ({
            value: m.id,
            display: m.email,
            type: 'User',
            $ref: `${base}/Users/${m.id}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt,
      lastModified: group.updatedAt,
      location: `${base}/Groups/${group.id}`,
    },
  };
}

export const listResponse = (resources: unknown[], total: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  itemsPerPage: resources.length,
  startIndex,
  Resources: resources,
});
