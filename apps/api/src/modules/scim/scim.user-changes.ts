import { SCIM_MESSAGES, userCreateSchema, userPatchSchema } from '@skyvault/contract';
import type { z } from 'zod';
import type { ProvisionedUser } from '../users/index.js';
import { fromZod, ScimError } from './scim.errors.js';
import { booleanOf, type PatchOperation, stringOf } from './scim.patch.js';

/**
 * What a SCIM request asks of a user, in our terms. The userName is the console's address (the login);
 * the work e-mail is kept apart when it differs (Entra ID's UPN and mailbox). null: removed.
 */
export interface UserDraft {
  userName?: string;
  workEmail?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  displayName?: string;
  active?: boolean;
  externalId?: string | null;
}

const CORE_PREFIX = 'urn:ietf:params:scim:schemas:core:2.0:user:';
const EXTENSION_PREFIX = 'urn:ietf:params:scim:schemas:extension:';
/** `emails[type eq "work"]`, optionally `.value`: the address of one type. */
const EMAIL_OF_TYPE = /^emails\s*\[\s*type\s+eq\s+"([^"]*)"\s*\](?:\s*\.\s*value)?$/;

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

/** The work address of an emails value: the primary one, else the work one, else the first; null for none. */
function emailOf(value: unknown): string | null {
  const emails = (Array.isArray(value) ? value : [value]).filter(
    (e): e is { value?: unknown; primary?: unknown; type?: unknown } => typeof e === 'object' && e !== null,
  );
  if (emails.length === 0) return null;
  const chosen =
    emails.find((e) => e.primary === true || e.primary === 'true' || e.primary === 'True') ??
    emails.find((e) => typeof e.type === 'string' && e.type.toLowerCase() === 'work') ??
    emails[0]!;
  return stringOf(chosen.value, 'emails.value');
}

/** The removal of an attribute (RFC 7644 §3.5.2.2); see docs/scim.md for what each one means here. */
function removeUserAttribute(draft: UserDraft, path: string, rawPath: string) {
  if (path === 'externalid') draft.externalId = null;
  else if (path === 'emails' || path === 'emails.value') draft.workEmail = null;
  else if (EMAIL_OF_TYPE.test(path)) {
    if (EMAIL_OF_TYPE.exec(path)![1] === 'work') draft.workEmail = null;
  } else if (path === 'name') {
    draft.givenName = null;
    draft.familyName = null;
  } else if (path === 'name.givenname') draft.givenName = null;
  else if (path === 'name.familyname') draft.familyName = null;
  // displayName is read from the names; a status cannot be unassigned: both stay as they are.
  else if (path === 'displayname' || path === 'active') return;
  else if (path === 'username') throw new ScimError(400, SCIM_MESSAGES.userNameRemoved, 'mutability');
  else throw new ScimError(400, `${SCIM_MESSAGES.invalidPath} (${rawPath})`, 'invalidPath');
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
  if (op === 'remove') return removeUserAttribute(draft, path, rawPath);
  const type = EMAIL_OF_TYPE.exec(path)?.[1];
  if (path === 'username') draft.userName = stringOf(value, 'userName');
  else if (path === 'emails') draft.workEmail = emailOf(value);
  else if (path === 'emails.value' || type === 'work')
    draft.workEmail = typeof value === 'object' && value !== null ? emailOf(value) : stringOf(value, rawPath);
  else if (type !== undefined)
    return; // Another type of address (home, other) is not kept.
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

/**
 * The work e-mail to keep beside the address: null when it is the address (or removed), the checked
 * address otherwise; undefined leaves the kept one.
 */
function workEmailOf(draft: UserDraft, address: string, kept: string | null): string | null | undefined {
  const wanted = draft.workEmail === undefined ? kept : draft.workEmail;
  if (wanted === null || wanted.trim().toLowerCase() === address.toLowerCase()) {
    return draft.workEmail === undefined && kept === null ? undefined : null;
  }
  if (draft.workEmail === undefined) return undefined;
  const checked = userCreateSchema.shape.email.safeParse(wanted);
  if (!checked.success) throw new ScimError(400, SCIM_MESSAGES.invalidEmail, 'invalidValue');
  return checked.data;
}

/** The users service's input for a new user; userName is required and is the e-mail address. */
export function newUserInput(draft: UserDraft) {
  const email = draft.userName ?? '';
  if (email.trim() === '') throw new ScimError(400, SCIM_MESSAGES.userNameRequired, 'invalidValue');
  const input = parsed(userCreateSchema, { email, ...namesOf(draft, email) });
  return { input, workEmail: workEmailOf(draft, input.email, null) ?? null };
}

/**
 * The users service's change. A change of userName changes the address; a work e-mail changes only
 * the work e-mail. A removed name falls back to the address's local part, as a new user's does.
 */
export function userChangeInput(draft: UserDraft, before: ProvisionedUser) {
  const email = draft.userName;
  if (email !== undefined && email.trim() === '')
    throw new ScimError(400, SCIM_MESSAGES.userNameRequired, 'invalidValue');
  let status: 'Confirmed' | 'Disabled' | undefined;
  const disabled = before.status === 'Disabled';
  if (draft.active === false && !disabled) status = 'Disabled';
  if (draft.active === true && disabled) status = 'Confirmed';
  const address = email?.trim() || before.email;
  const fallback = namesOf({}, address);
  const change = parsed(userPatchSchema, {
    email,
    firstName: draft.givenName === null ? fallback.firstName : draft.givenName,
    lastName: draft.familyName === null ? fallback.lastName : draft.familyName,
    status,
  });
  return { change, workEmail: workEmailOf(draft, change.email ?? before.email, before.workEmail) };
}
