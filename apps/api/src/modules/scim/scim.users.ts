import { SCIM_MESSAGES } from '@skyvault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/context.js';
import { requestMeta } from '../../lib/context.js';
import {
  PROVISIONED_USER_FIELD_KINDS,
  type ProvisionedUser,
  type ProvisionedUserField,
  type UserService,
} from '../users/index.js';
import { type Projection, project, projectionOf } from './scim.attributes.js';
import { ScimError } from './scim.errors.js';
import { type FilterableAttributes, pageOf, parseScimFilter, queryValue, UUID } from './scim.filter.js';
import { patchOperations } from './scim.patch.js';
import { listResponse, sendScim, toScimUser, USER_SCHEMA } from './scim.resources.js';
import { applyUserPatch, applyUserResource, newUserInput, userChangeInput } from './scim.user-changes.js';

export const MAX_RESULTS = 200;

const USER_URN = `${USER_SCHEMA.toLowerCase()}:`;

/** The User attributes a client may filter by (lower case) and the users module's field for each. */
const USER_FILTERS: FilterableAttributes<ProvisionedUserField> = {
  urn: USER_URN,
  kinds: PROVISIONED_USER_FIELD_KINDS,
  attributes: {
    id: 'id',
    username: 'userName',
    externalid: 'externalId',
    emails: 'email',
    'emails.value': 'email',
    'emails.type': 'emailType',
    'emails.primary': 'emailPrimary',
    'name.givenname': 'givenName',
    'name.familyname': 'familyName',
    'name.formatted': 'displayName',
    displayname: 'displayName',
    active: 'active',
    groups: 'groupId',
    'groups.value': 'groupId',
    'groups.display': 'groupName',
    'meta.created': 'created',
    'meta.lastmodified': 'lastModified',
  },
};

type Params = { Params: { id: string } };

const actorOf = (request: FastifyRequest) => request.actor as Actor;

/** Another tenant's user, or an id that cannot be one, is as unknown as a missing one. */
const userId = (id: string) => {
  if (!UUID.test(id)) throw new ScimError(404, SCIM_MESSAGES.notFound);
  return id;
};

/**
 * SCIM changes only the users it manages, never an administrator (docs/scim.md); it still reads
 * them all, so that a provider finds the accounts that exist. The users service checks the same
 * inside its transaction; this answers before the body is read.
 */
function assertManaged(user: ProvisionedUser) {
  if (user.isAdmin) throw new ScimError(403, SCIM_MESSAGES.adminNotManaged);
  if (!user.scimManaged) throw new ScimError(403, SCIM_MESSAGES.notManaged);
}

/** /Users (RFC 7644 §3): the tenant's users, through the users service and its rules. */
export async function scimUserRoutes(
  app: FastifyInstance,
  { users, base }: { users: UserService; base: string },
) {
  const answer = (user: ProvisionedUser, projection: Projection) =>
    project(toScimUser(user, base), projection);
  const projectionFor = (request: FastifyRequest) => projectionOf(request.query, USER_URN);

  app.get('/Users', async (request, reply) => {
    const filter = parseScimFilter(queryValue(request.query, 'filter'), USER_FILTERS);
    const page = pageOf(request.query, MAX_RESULTS);
    const projection = projectionFor(request);
    const { users: found, total } = await users.listProvisioned(actorOf(request), filter, page);
    const resources = found.map((user) => answer(user, projection));
    return sendScim(reply, 200, listResponse(resources, total, page.startIndex));
  });

  app.get<Params>('/Users/:id', async (request, reply) => {
    const user = await users.findProvisioned(actorOf(request), userId(request.params.id));
    return sendScim(reply, 200, answer(user, projectionFor(request)));
  });

  app.post('/Users', async (request, reply) => {
    const actor = actorOf(request);
    const meta = requestMeta(request);
    const projection = projectionFor(request);
    const draft = applyUserResource({}, request.body);
    const { input, workEmail } = newUserInput(draft);
    const created = await users.create(actor, meta, input, {
      externalId: draft.externalId ?? null,
      workEmail,
    });
    // Provisioned inactive (rare): disabled at once, through the same rules as a later deactivation.
    if (draft.active === false) await users.update(actor, meta, created.id, { status: 'Disabled' }, {});
    const user = await users.findProvisioned(actor, created.id);
    reply.header('location', `${base}/Users/${user.id}`);
    return sendScim(reply, 201, answer(user, projection));
  });

  /**
   * Replace (RFC 7644 §3.5.1) and PATCH (§3.5.2) go through the users service's update, so every rule
   * of a console change holds (the address's proof, the last administrator, the audit trail).
   */
  async function change(request: FastifyRequest<Params>, read: () => ReturnType<typeof applyUserPatch>) {
    const actor = actorOf(request);
    const before = await users.findProvisioned(actor, userId(request.params.id));
    assertManaged(before);
    const draft = read();
    const { change, workEmail } = userChangeInput(draft, before);
    await users.update(actor, requestMeta(request), before.id, change, {
      externalId: draft.externalId,
      workEmail,
    });
    return users.findProvisioned(actor, before.id);
  }

  /** Attributes a client leaves out keep their value (externalId, active, the work e-mail). */
  app.put<Params>('/Users/:id', async (request, reply) => {
    const projection = projectionFor(request);
    const user = await change(request, () => {
      const draft = applyUserResource({}, request.body);
      if (draft.userName === undefined || draft.userName.trim() === '')
        throw new ScimError(400, SCIM_MESSAGES.userNameRequired, 'invalidValue');
      return draft;
    });
    return sendScim(reply, 200, answer(user, projection));
  });

  app.patch<Params>('/Users/:id', async (request, reply) => {
    const projection = projectionFor(request);
    const user = await change(request, () => applyUserPatch({}, patchOperations(request.body)));
    return sendScim(reply, 200, answer(user, projection));
  });

  app.delete<Params>('/Users/:id', async (request, reply) => {
    const actor = actorOf(request);
    assertManaged(await users.findProvisioned(actor, userId(request.params.id)));
    await users.remove(actor, requestMeta(request), request.params.id);
    return sendScim(reply, 204);
  });
}
