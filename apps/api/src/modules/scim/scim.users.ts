import { SCIM_MESSAGES } from '@skyvault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/context.js';
import { requestMeta } from '../../lib/context.js';
import type { UserService } from '../users/index.js';
import { ScimError } from './scim.errors.js';
import { pageOf, parseEqFilter, UUID } from './scim.filter.js';
import { patchOperations } from './scim.patch.js';
import { listResponse, sendScim, toScimUser } from './scim.resources.js';
import { applyUserPatch, applyUserResource, newUserInput, userChangeInput } from './scim.user-changes.js';

export const MAX_RESULTS = 200;

const USER_FILTERS = [
  'username',
  'emails.value',
  'emails[type eq "work"].value',
  'externalid',
  'id',
] as const;

type Params = { Params: { id: string } };
type ListQuery = { Querystring: { filter?: string; startIndex?: string; count?: string } };

const actorOf = (request: FastifyRequest) => request.actor as Actor;

/** Another tenant's user, or an id that cannot be one, is as unknown as a missing one. */
const userId = (id: string) => {
  if (!UUID.test(id)) throw new ScimError(404, SCIM_MESSAGES.notFound);
  return id;
};

/** /Users (RFC 7644 §3): the tenant's users, through the users service and its rules. */
export async function scimUserRoutes(
  app: FastifyInstance,
  { users, base }: { users: UserService; base: string },
) {
  app.get<ListQuery>('/Users', async (request, reply) => {
    const filter = parseEqFilter(request.query.filter, USER_FILTERS);
    const page = pageOf(request.query, MAX_RESULTS);
    const by: { id?: string; email?: string; externalId?: string } = {};
    if (filter?.attribute === 'externalid') by.externalId = filter.value;
    else if (filter?.attribute === 'id') by.id = filter.value;
    else if (filter) by.email = filter.value;
    // An id that no user can have matches nobody (and never reaches the database's uuid type).
    if (by.id !== undefined && !UUID.test(by.id))
      return sendScim(reply, 200, listResponse([], 0, page.startIndex));
    const { users: found, total } = await users.listProvisioned(actorOf(request), by, page);
    const resources = found.map((user) => toScimUser(user, base));
    return sendScim(reply, 200, listResponse(resources, total, page.startIndex));
  });

  app.get<Params>('/Users/:id', async (request, reply) => {
    const user = await users.findProvisioned(actorOf(request), userId(request.params.id));
    return sendScim(reply, 200, toScimUser(user, base));
  });

  app.post('/Users', async (request, reply) => {
    const actor = actorOf(request);
    const meta = requestMeta(request);
    const draft = applyUserResource({}, request.body);
    const created = await users.create(actor, meta, newUserInput(draft), {
      externalId: draft.externalId ?? null,
    });
    // Provisioned inactive (rare): disabled at once, through the same rules as a later deactivation.
    if (draft.active === false) await users.update(actor, meta, created.id, { status: 'Disabled' }, {});
    const user = await users.findProvisioned(actor, created.id);
    reply.header('location', `${base}/Users/${user.id}`);
    return sendScim(reply, 201, toScimUser(user, base));
  });

  /** Replace (RFC 7644 §3.5.1); attributes a client leaves out keep their value (externalId, active). */
  app.put<Params>('/Users/:id', async (request, reply) => {
    const actor = actorOf(request);
    const before = await users.findProvisioned(actor, userId(request.params.id));
    const draft = applyUserResource({}, request.body);
    if (draft.userName === undefined || draft.userName.trim() === '') {
      throw new ScimError(400, SCIM_MESSAGES.userNameRequired, 'invalidValue');
    }
    const change = userChangeInput(draft, before.status === 'Disabled');
    await users.update(actor, requestMeta(request), before.id, change, { externalId: draft.externalId });
    return sendScim(reply, 200, toScimUser(await users.findProvisioned(actor, before.id), base));
  });

  app.patch<Params>('/Users/:id', async (request, reply) => {
    const actor = actorOf(request);
    const before = await users.findProvisioned(actor, userId(request.params.id));
    const draft = applyUserPatch({}, patchOperations(request.body));
    const change = userChangeInput(draft, before.status === 'Disabled');
    await users.update(actor, requestMeta(request), before.id, change, { externalId: draft.externalId });
    return sendScim(reply, 200, toScimUser(await users.findProvisioned(actor, before.id), base));
  });

  app.delete<Params>('/Users/:id', async (request, reply) => {
    await users.remove(actorOf(request), requestMeta(request), userId(request.params.id));
    return sendScim(reply, 204);
  });
}
