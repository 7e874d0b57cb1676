import { SCIM_MESSAGES, userCreateSchema, userPatchSchema } from '@skyvault/contract';
import type { z } from 'zod';
import { fromZod, ScimError } from './scim.errors.js';
import { booleanOf, type PatchOperation, stringOf } from './scim.patch.js';

/** What a SCIM request asks of a user, in our terms (the e-mail address is the userName). */
export interface UserDraft {
  userName?: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  displayName?: string;
  active?: boolean;
  externalId?: string | null;
}

const CORE_PREFIX = 'urn:ietf:params:scim:schemas:core:2.0:user:';
const EXTENSION_PREFIX = 'urn:ietf:params:scim:schemas:extension:';
const WORK_EMAIL = /^emails\s*\[\s*type\s+eq\s+"work"\s*\]\s*\.\s*value$/;

/**
 * Core attributes the console does not keep (a title, a phone number …). Entra ID's default mapping
 * sends several; they are accepted and not stored, as RFC 7644 §3.3 lets a provider do, rather than
 * failing every provisioning run.
 */
const NOT_KEPT = new Set([
  'nickname',
  'title',
  'preferredlanguage',
  'locale',
  'timezone',
  'usertype',
  'profileurl',
  'password',
  'name.formatted',
  'name.middlename',
  'name.honorificprefix',
  'name.honorificsuffix',
  'phonenumbers',
  'addresses',
  'ims',
  'photos',
  'entitlements',
  'roles',
  'x509certificates',
]);
/** Attributes the provider sets itself: ignored in a whole resource, refused as a PATCH's path. */
const SET_BY_US = new Set(['id', 'meta', 'schemas', 'groups']);

const normalise = (path: string) => {
  const lower = path.trim().toLowerCase();
  return lower.startsWith(CORE_PREFIX) ? lower.slice(CORE_PREFIX.length) : lower;
};
const rootOf = (path: string) => path.split(/[.[]/)[0]!;

/** The address of an emails value: the primary one, else the work one, else the first. */
function emailOf(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return stringOf(undefined, 'emails');
  const emails = value as { value?: unknown; primary?: unknown; type?: unknown }[];
  const chosen =
    emails.find((e) => e.primary === true || e.primary === 'true') ??
    emails.find((e) => e.type === 'work') ??
    emails[0]!;
  return stringOf(chosen.value, 'emails.value');
}

/** Applies one attribute of a resource or of a PATCH operation to the draft. */
export function applyUserAttribute(
  draft: UserDraft,
  rawPath: string,
  value: unknown,
  op: PatchOperation['op'],
  fromResource = false,
) {
  const path = normalise(rawPath);
  if (path.startsWith(EXTENSION_PREFIX) || NOT_KEPT.has(rootOf(path)) || NOT_KEPT.has(path)) return;
  if (SET_BY_US.has(rootOf(path))) {
    if (fromResource) return;
    throw new ScimError(400, SCIM_MESSAGES.readOnly, 'mutability');
  }
  if (op === 'remove') {
    if (path === 'externalid') draft.externalId = null;
    else if (path === 'displayname') return;
    else throw new ScimError(400, SCIM_MESSAGES.readOnly, 'mutability');
    return;
  }
  if (path === 'username') draft.userName = stringOf(value, 'userName');
  else if (path === 'emails') draft.email = emailOf(value);
  else if (WORK_EMAIL.test(path)) draft.email = stringOf(value, 'emails.value');
  else if (path === 'name.givenname') draft.givenName = stringOf(value, 'name.givenName');
  else if (path === 'name.familyname') draft.familyName = stringOf(value, 'name.familyName');
  else if (path === 'displayname') draft.displayName = stringOf(value, 'displayName');
  else if (path === 'active') draft.active = booleanOf(value, 'active');
  else if (path === 'externalid') draft.externalId = value === null ? null : stringOf(value, 'externalId');
  else if (path === 'name') {
    if (typeof value !== 'object' || value === null)
      throw new ScimError(400, SCIM_MESSAGES.invalidBody, 'invalidValue');
    for (const [key, inner] of Object.entries(value))
      applyUserAttribute(draft, `name.${key}`, inner, op, true);
  } else throw new ScimError(400, `${SCIM_MESSAGES.invalidPath} (${rawPath})`, 'invalidPath');
}

/** A whole resource (POST, PUT, or a PATCH value without a path) applied attribute by attribute. */
export function applyUserResource(draft: UserDraft, resource: unknown, op: PatchOperation['op'] = 'replace') {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) {
    throw new ScimError(400, SCIM_MESSAGES.invalidBody, 'invalidSyntax');
  }
  for (const [key, value] of Object.entries(resource)) applyUserAttribute(draft, key, value, op, true);
  return draft;
}

export function applyUserPatch(draft: UserDraft, operations: PatchOperation[]) {
  for (const operation of operations) {
    if (operation.path === undefined) applyUserResource(draft, operation.value, operation.op);
    else applyUserAttribute(draft, operation.path, operation.value, operation.op);
  }
  return draft;
}

/** Our field → the SCIM attribute a client knows it by, for an error's detail. */
const ATTRIBUTE_OF: Record<string, string> = {
  email: 'userName',
  firstName: 'name.givenName',
  lastName: 'name.familyName',
};

function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const field = String(result.error.issues[0]?.path[0] ?? '');
  throw fromZod(result.error, ATTRIBUTE_OF[field] ?? field);
}

/** The names a user without name.givenName/familyName gets: from displayName, else from the address. */
function namesOf(draft: UserDraft, email: string) {
  const words = draft.displayName?.trim().split(/\s+/).filter(Boolean) ?? [];
  const local = email.split('@')[0] ?? email;
  return {
    firstName: draft.givenName ?? words[0] ?? local,
    lastName: draft.familyName ?? (words.length > 1 ? words.slice(1).join(' ') : local),
  };
}

/** The users service's input for a new user; userName is required and is the e-mail address. */
export function newUserInput(draft: UserDraft) {
  const email = draft.userName ?? '';
  if (email.trim() === '') throw new ScimError(400, SCIM_MESSAGES.userNameRequired, 'invalidValue');
  return parsed(userCreateSchema, { email, ...namesOf(draft, email) });
}

/** The users service's change; a change of userName (or of the work e-mail) changes the address. */
export function userChangeInput(draft: UserDraft, disabled: boolean) {
  const email = draft.userName ?? draft.email;
  let status: 'Confirmed' | 'Disabled' | undefined;
  if (draft.active === false && !disabled) status = 'Disabled';
  if (draft.active === true && disabled) status = 'Confirmed';
  if (email !== undefined && email.trim() === '')
    throw new ScimError(400, SCIM_MESSAGES.userNameRequired, 'invalidValue');
  return parsed(userPatchSchema, {
    email,
    firstName: draft.givenName,
    lastName: draft.familyName,
    status,
  });
}
