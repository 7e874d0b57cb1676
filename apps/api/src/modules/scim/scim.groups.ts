import { SCIM_MESSAGES } from '@skyvault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/context.js';
import { requestMeta } from '../../lib/context.js';
import {
  type GroupProvisioningService,
  PROVISIONED_GROUP_FIELD_KINDS,
  type ProvisionedGroup,
  type ProvisionedGroupField,
} from '../groups/index.js';
import type { RoleService } from '../roles/index.js';
import { type Projection, project, projectionOf, returns } from './scim.attributes.js';
import { ScimError } from './scim.errors.js';
import { type FilterableAttributes, pageOf, parseScimFilter, queryValue, UUID } from './scim.filter.js';
import { ensureGroupRole, groupPatch, groupResource } from './scim.group-changes.js';
import { GROUP_SCHEMA, listResponse, sendScim, toScimGroup } from './scim.resources.js';
import { MAX_RESULTS } from './scim.users.js';

const GROUP_URN = `${GROUP_SCHEMA.toLowerCase()}:`;

const GROUP_FILTERS: FilterableAttributes<ProvisionedGroupField> = {
  urn: GROUP_URN,
  kinds: PROVISIONED_GROUP_FIELD_KINDS,
  attributes: {
    id: 'id',
    displayname: 'displayName',
    externalid: 'externalId',
    'meta.created': 'created',
    'meta.lastmodified': 'lastModified',
  },
};

type Params = { Params: { id: string } };

const actorOf = (request: FastifyRequest) => request.actor as Actor;

const groupId = (id: string) => {
  if (!UUID.test(id)) throw new ScimError(404, SCIM_MESSAGES.notFound);
  return id;
};

/**
 * /Groups (RFC 7644 §3) onto the tenant's groups, through the groups module's provisioning service:
 * every request is one transaction (all or nothing), a user is in one group (adding them takes them
 * out of the one they were in), the seats of the group's role are checked, and only the users SCIM
 * manages are moved. The group's externalId is not kept: the clients find groups by displayName or id.
 */
export async function scimGroupRoutes(
  app: FastifyInstance,
  deps: { groupProvisioning: GroupProvisioningService; roles: RoleService; base: string },
) {
  const { groupProvisioning: groups, base } = deps;
  const answer = (group: ProvisionedGroup, projection: Projection) =>
    project(toScimGroup(group, base), projection);
  const projectionFor = (request: FastifyRequest) => projectionOf(request.query, GROUP_URN);

  app.get('/Groups', async (request, reply) => {
    const filter = parseScimFilter(queryValue(request.query, 'filter'), GROUP_FILTERS);
    const page = pageOf(request.query, MAX_RESULTS);
    const projection = projectionFor(request);
    // A client that does not want the members (RFC 7644 §3.4.2.5) is spared reading them.
    const { groups: found, total } = await groups.list(
      actorOf(request),
      filter,
      page,
      returns(projection, 'members'),
    );
    const resources = found.map((group) => answer(group, projection));
    return sendScim(reply, 200, listResponse(resources, total, page.startIndex));
  });

  app.get<Params>('/Groups/:id', async (request, reply) => {
    const projection = projectionFor(request);
    const group = await groups.get(
      actorOf(request),
      groupId(request.params.id),
      returns(projection, 'members'),
    );
    return sendScim(reply, 200, answer(group, projection));
  });

  app.post('/Groups', async (request, reply) => {
    const actor = actorOf(request);
    const meta = requestMeta(request);
    const projection = projectionFor(request);
    const input = groupResource(request.body);
    await ensureGroupRole(deps, actor, meta);
    const created = await groups.create(actor, meta, input);
    reply.header('location', `${base}/Groups/${created.id}`);
    return sendScim(reply, 201, answer(created, projection));
  });

  app.put<Params>('/Groups/:id', async (request, reply) => {
    const projection = projectionFor(request);
    const id = groupId(request.params.id);
    const { name, members } = groupResource(request.body);
    const group = await groups.apply(actorOf(request), requestMeta(request), id, {
      name,
      members: { replace: members },
    });
    return sendScim(reply, 200, answer(group, projection));
  });

  /** PATCH (RFC 7644 §3.5.2) as Okta and Entra ID send it; see scim.group-changes.ts. */
  app.patch<Params>('/Groups/:id', async (request, reply) => {
    const projection = projectionFor(request);
    const id = groupId(request.params.id);
    const group = await groups.apply(actorOf(request), requestMeta(request), id, groupPatch(request.body));
    return sendScim(reply, 200, answer(group, projection));
  });

  app.delete<Params>('/Groups/:id', async (request, reply) => {
    await groups.remove(actorOf(request), requestMeta(request), groupId(request.params.id));
    return sendScim(reply, 204);
  });
}
