import type { FastifyReply } from 'fastify';
import type { ProvisionedGroup } from '../groups/index.js';
import type { ProvisionedUser } from '../users/index.js';

/** The URNs of RFC 7643 §8.7 and RFC 7644 §3.4.2, §3.5.2, §3.12. */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

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
    // The work e-mail Entra ID sent apart from its userName, else the address (docs/scim.md).
    emails: [{ value: user.workEmail ?? user.email, primary: true, type: 'work' }],
    active: user.status !== 'Disabled',
    // Read-only: membership is changed through the group (RFC 7643 §4.1.2).
    groups: user.group
      ? [
          {
            value: user.group.id,
            display: user.group.name,
            type: 'direct',
            $ref: `${base}/Groups/${user.group.id}`,
          },
        ]
      : [],
    meta: {
      resourceType: 'User',
      created: user.createdAt,
      lastModified: user.updatedAt,
      location: `${base}/Users/${user.id}`,
    },
  };
}

export function toScimGroup(group: ProvisionedGroup, base: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    displayName: group.name,
    ...(group.members
      ? {
          members: group.members.map((m) => ({
            value: m.id,
            display: m.email,
            type: 'User',
            $ref: `${base}/Users/${m.id}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
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
