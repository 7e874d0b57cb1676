import { groupCreateSchema, SCIM_MESSAGES } from '@skyvault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../lib/context.js';
import { requestMeta } from '../../lib/context.js';
import type { GroupService, GroupUsersService } from '../groups/index.js';
import { fromZod, ScimError } from './scim.errors.js';
import { pageOf, parseEqFilter, UUID } from './scim.filter.js';
import { memberIds, memberOfPath, patchOperations, stringOf } from './scim.patch.js';
import { listResponse, sendScim, toScimGroup } from './scim.resources.js';
import { MAX_RESULTS } from './scim.users.js';

type Params = { Params: { id: string } };
type Query = { Querystring: { excludedAttributes?: string; attributes?: string } };
type ListQuery = { Querystring: { filter?: string; startIndex?: string; count?: string } } & Query;

const actorOf = (request: FastifyRequest) => request.actor as Actor;

const groupId = (id: string) => {
  if (!UUID.test(id)) throw new ScimError(404, SCIM_MESSAGES.notFound);
  return id;
};

/** A client that does not want the members (RFC 7644 §3.4.2.5) is spared reading them. */
const wantsMembers = (query: Query['Querystring']) => {
  const excluded =
    query.excludedAttributes
      ?.toLowerCase()
      .split(',')
      .map((a) => a.trim()) ?? [];
  const only = query.attributes
    ?.toLowerCase()
    .split(',')
    .map((a) => a.trim());
  return !excluded.includes('members') && (!only || only.includes('members'));
};

/** displayName, the product's group-name rules applied to it. */
function nameOf(value: unknown) {
  const parsed = groupCreateSchema.shape.name.safeParse(stringOf(value, 'displayName'));
  if (!parsed.success) throw fromZod(parsed.error, 'displayName');
  return parsed.data;
}

const groupResourceSchema = z.looseObject({
  displayName: z.unknown(),
  members: z.unknown().optional(),
});

/**
 * /Groups (RFC 7644 §3) onto the tenant's groups. A user is in one group: adding them to a group takes
 * them out of the one they were in, and the seats of the group's role are checked (groups module).
 * The group's externalId is not kept: the clients find groups by displayName or id.
 */
export async function scimGroupRoutes(
  app: FastifyInstance,
  { groups, groupUsers, base }: { groups: GroupService; groupUsers: GroupUsersService; base: string },
) {
  async function resource(actor: Actor, id: string, withMembers: boolean) {
    const group = await groups.get(actor, id);
    const members = withMembers ? await groupUsers.members(actor, id) : null;
    return toScimGroup(group, members, base);
  }

  app.get<ListQuery>('/Groups', async (request, reply) => {
    const actor = actorOf(request);
    const filter = parseEqFilter(request.query.filter, ['displayname', 'id']);
    const page = pageOf(request.query, MAX_RESULTS);
    if (filter?.attribute === 'id') {
      const found = UUID.test(filter.value)
        ? await resource(actor, filter.value, wantsMembers(request.query)).catch((error: unknown) => {
            if ((error as { code?: string }).code === 'NOT_FOUND') return null;
            throw error;
          })
        : null;
      const resources = found && page.offset === 0 && page.limit > 0 ? [found] : [];
      return sendScim(reply, 200, listResponse(resources, found ? 1 : 0, page.startIndex));
    }
    const { groups: rows, total } = await groups.list(actor, {
      limit: page.limit,
      offset: page.offset,
      ...(filter ? { name: filter.value } : {}),
    });
    const withMembers = wantsMembers(request.query);
    const resources = [];
    for (const group of rows) {
      resources.push(
        toScimGroup(group, withMembers ? await groupUsers.members(actor, group.id) : null, base),
      );
    }
    return sendScim(reply, 200, listResponse(resources, total, page.startIndex));
  });

  app.get<Params & Query>('/Groups/:id', async (request, reply) => {
    const group = await resource(actorOf(request), groupId(request.params.id), wantsMembers(request.query));
    return sendScim(reply, 200, group);
  });

  app.post('/Groups', async (request, reply) => {
    const actor = actorOf(request);
    const meta = requestMeta(request);
    const body = groupResourceSchema.safeParse(request.body);
    if (!body.success) throw fromZod(body.error);
    const name = nameOf(body.data.displayName);
    const members = memberIds(body.data.members);
    const created = await groups.create(actor, meta, { name, description: '', roleId: null });
    if (members.length > 0) {
      try {
        await groupUsers.change(actor, meta, created.id, { add: members });
      } catch (error) {
        // The group and its members are one request: a refused member (seats) leaves no empty group.
        await groups.remove(actor, meta, created.id);
        throw error;
      }
    }
    reply.header('location', `${base}/Groups/${created.id}`);
    return sendScim(reply, 201, await resource(actor, created.id, true));
  });

  app.put<Params>('/Groups/:id', async (request, reply) => {
    const actor = actorOf(request);
    const meta = requestMeta(request);
    const id = groupId(request.params.id);
    const body = groupResourceSchema.safeParse(request.body);
    if (!body.success) throw fromZod(body.error);
    const name = nameOf(body.data.displayName);
    const before = await groups.get(actor, id);
    if (before.name !== name) await groups.update(actor, meta, id, { name });
    await groupUsers.change(actor, meta, id, { replace: memberIds(body.data.members) });
    return sendScim(reply, 200, await resource(actor, id, true));
  });

  /** PATCH (RFC 7644 §3.5.2) as Okta and Entra ID send it: members add/remove/replace, displayName. */
  app.patch<Params>('/Groups/:id', async (request, reply) => {
    const actor = actorOf(request);
    const meta = requestMeta(request);
    const id = groupId(request.params.id);
    const change: { replace?: string[]; add: string[]; remove: string[] } = { add: [], remove: [] };
    let name: string | undefined;
    for (const { op, path, value } of patchOperations(request.body)) {
      const target = path?.trim().toLowerCase();
      const member = path ? memberOfPath(path) : null;
      if (target === undefined) {
        // Okta: {"op":"replace","value":{"id":"…","displayName":"…"}}.
        if (typeof value !== 'object' || value === null)
          throw new ScimError(400, SCIM_MESSAGES.invalidPatch, 'invalidSyntax');
        const fields = value as Record<string, unknown>;
        if (fields.displayName !== undefined) name = nameOf(fields.displayName);
        if (fields.members !== undefined) change.replace = memberIds(fields.members);
      } else if (target === 'displayname' && op !== 'remove') {
        name = nameOf(value);
      } else if (target === 'externalid') {
        // Not kept (see above): accepted so that a client's mapping of it does not fail the run.
      } else if (member) {
        if (op !== 'remove') throw new ScimError(400, SCIM_MESSAGES.invalidPatch, 'invalidPath');
        change.remove.push(member);
      } else if (target === 'members') {
        const ids = memberIds(value);
        if (op === 'add') change.add.push(...ids);
        else if (op === 'replace') change.replace = ids;
        // Entra ID names the members in the value; without one, every member goes (RFC 7644 §3.5.2.2).
        else if (value === undefined) change.replace = [];
        else change.remove.push(...ids);
      } else {
        throw new ScimError(
          400,
          `${SCIM_MESSAGES.invalidPath} (${path})`,
          target.startsWith('members') ? 'noTarget' : 'invalidPath',
        );
      }
    }
    if (name !== undefined) await groups.update(actor, meta, id, { name });
    await groupUsers.change(actor, meta, id, change);
    return sendScim(reply, 200, await resource(actor, id, true));
  });

  app.delete<Params>('/Groups/:id', async (request, reply) => {
    await groups.remove(actorOf(request), requestMeta(request), groupId(request.params.id));
    return sendScim(reply, 204);
  });
}
