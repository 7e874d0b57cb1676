import { groupCreateSchema, roleCreateSchema, SCIM_MESSAGES } from '@skyvault/contract';
import { z } from 'zod';
import type { Actor, RequestMeta } from '../../lib/context.js';
import type { GroupProvisioningService, MemberChange } from '../groups/index.js';
import type { RoleService } from '../roles/index.js';
import { fromZod, ScimError } from './scim.errors.js';
import { memberIds, memberOfPath, patchOperations, stringOf } from './scim.patch.js';
import { GROUP_SCHEMA } from './scim.resources.js';

const GROUP_URN = `${GROUP_SCHEMA.toLowerCase()}:`;

/** displayName, the product's group-name rules applied to it. */
export function nameOf(value: unknown) {
  const parsed = groupCreateSchema.shape.name.safeParse(stringOf(value, 'displayName'));
  if (!parsed.success) throw fromZod(parsed.error, 'displayName');
  return parsed.data;
}

const groupResourceSchema = z.looseObject({
  displayName: z.unknown(),
  members: z.unknown().optional(),
});

/** A whole Group resource (POST, PUT): its name and every member. */
export function groupResource(body: unknown) {
  const parsed = groupResourceSchema.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  return { name: nameOf(parsed.data.displayName), members: memberIds(parsed.data.members) };
}

/**
 * The members a PATCH's operations leave, applied in their order: a `replace` names them all, and the
 * `add`s and `remove`s after it change that list; before any replace they change the current members.
 */
class Members {
  readonly change: Required<Pick<MemberChange, 'add' | 'remove'>> & Pick<MemberChange, 'replace'> = {
    add: [],
    remove: [],
  };

  replace(ids: string[]) {
    this.change.replace = [...new Set(ids)];
    this.change.add = [];
    this.change.remove = [];
  }

  add(ids: string[]) {
    const { replace } = this.change;
    if (replace) this.change.replace = [...new Set([...replace, ...ids])];
    else {
      this.change.add.push(...ids);
      this.change.remove = this.change.remove.filter((id) => !ids.includes(id));
    }
  }

  remove(ids: string[]) {
    const { replace } = this.change;
    if (replace) this.change.replace = replace.filter((id) => !ids.includes(id));
    else {
      this.change.remove.push(...ids);
      this.change.add = this.change.add.filter((id) => !ids.includes(id));
    }
  }
}

/**
 * A Group PATCH (RFC 7644 §3.5.2) as Okta and Entra ID send it: members add/remove/replace (by a
 * list or `members[value eq "…"]`), displayName by path or in a value object. Every operation is
 * checked before anything is saved; the whole request is then saved in one transaction.
 */
export function groupPatch(body: unknown): { name?: string; members: MemberChange } {
  const members = new Members();
  let name: string | undefined;
  const membersBy = (op: string, value: unknown) => {
    const ids = memberIds(value);
    if (op === 'add') members.add(ids);
    else if (op === 'replace') members.replace(ids);
    // Entra ID names the members in the value; without one, every member goes (RFC 7644 §3.5.2.2).
    else if (value === undefined) members.replace([]);
    else members.remove(ids);
  };
  for (const { op, path, value } of patchOperations(body)) {
    const lower = path?.trim().toLowerCase();
    const target = lower?.startsWith(GROUP_URN) ? lower.slice(GROUP_URN.length) : lower;
    if (target === undefined) {
      // Okta: {"op":"replace","value":{"id":"…","displayName":"…"}}.
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new ScimError(400, SCIM_MESSAGES.invalidPatch, 'invalidSyntax');
      const fields = Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [key.toLowerCase(), inner]),
      );
      if (fields.displayname !== undefined) name = nameOf(fields.displayname);
      if (fields.members !== undefined) membersBy(op, fields.members);
    } else if (target === 'displayname') {
      if (op === 'remove') throw new ScimError(400, SCIM_MESSAGES.readOnly, 'mutability');
      name = nameOf(value);
    } else if (target === 'externalid') {
      // Not kept (docs/scim.md): accepted so that a client's mapping of it does not fail the run.
    } else if (target.startsWith('members[')) {
      const member = memberOfPath(path!);
      if (member === null || op !== 'remove')
        throw new ScimError(400, `${SCIM_MESSAGES.invalidPath} (${path})`, 'invalidPath');
      members.remove([member]);
    } else if (target === 'members') {
      membersBy(op, value);
    } else {
      throw new ScimError(400, `${SCIM_MESSAGES.invalidPath} (${path})`, 'invalidPath');
    }
  }
  return { ...(name !== undefined ? { name } : {}), members: members.change };
}

/**
 * A group needs a role, and a tenant that has none could not take the groups its provider pushes: it
 * gets a "Read only" role (no service access) through the roles service, audited as made by the token.
 * Several API processes may do this at once; the role's name is unique in the tenant, so all but one
 * fail to add theirs and find that one instead.
 */
export async function ensureGroupRole(
  deps: { roles: RoleService; groupProvisioning: GroupProvisioningService },
  actor: Actor,
  meta: RequestMeta,
) {
  if (await deps.groupProvisioning.hasRole(actor)) return;
  const input = roleCreateSchema.parse({
    name: SCIM_MESSAGES.defaultRoleName,
    description: SCIM_MESSAGES.defaultRoleDescription,
  });
  try {
    await deps.roles.create(actor, meta, input);
  } catch (error) {
    if (!(await deps.groupProvisioning.hasRole(actor))) throw error;
  }
}
