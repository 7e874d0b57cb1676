import { SCIM_MESSAGES } from '@skyvault/contract';
import { z } from 'zod';
import { fromZod, ScimError } from './scim.errors.js';

/**
 * A PATCH body (RFC 7644 §3.5.2). Clients differ in the details: Entra ID capitalises the op
 * ("Replace") and sends booleans as strings ("False"), Okta sends a value object without a path.
 */
const patchSchema = z.object({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(
      z.object({
        op: z.string().transform((op) => op.toLowerCase()),
        path: z.string().optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(100),
});

export type PatchOperation = { op: 'add' | 'replace' | 'remove'; path?: string; value?: unknown };

export function patchOperations(body: unknown): PatchOperation[] {
  const parsed = patchSchema.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data.Operations.map((operation) => {
    if (operation.op !== 'add' && operation.op !== 'replace' && operation.op !== 'remove') {
      throw new ScimError(400, SCIM_MESSAGES.invalidPatch, 'invalidSyntax');
    }
    return operation as PatchOperation;
  });
}

/** A boolean as clients send it: true, "true", "True" (Entra ID). */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, `${attribute}: ${SCIM_MESSAGES.invalidBody}`, 'invalidValue');
}

export function stringOf(value: unknown, attribute: string): string {
  if (typeof value === 'string') return value;
  throw new ScimError(400, `${attribute}: ${SCIM_MESSAGES.invalidBody}`, 'invalidValue');
}

/** `members[value eq "…"]`: the one member a remove names (RFC 7644 §3.5.2.2). */
const MEMBER_PATH = /^members\s*\[\s*value\s+eq\s+"([^"]*)"\s*\]$/i;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member's value is a user's id: anything else is refused before it reaches the database. */
function memberId(value: string) {
  if (!UUID.test(value)) throw new ScimError(400, SCIM_MESSAGES.invalidMember, 'invalidValue');
  return value.toLowerCase();
}

export function memberOfPath(path: string): string | null {
  const value = MEMBER_PATH.exec(path.trim())?.[1];
  return value === undefined ? null : memberId(value);
}

/** The ids of a members value: [{ value: id }, …], with or without `$ref`, `display` and `type`. */
export function memberIds(value: unknown): string[] {
  const parsed = z
    .array(z.object({ value: z.string() }))
    .max(1000)
    .safeParse(value ?? []);
  if (!parsed.success) throw fromZod(parsed.error, 'members');
  return parsed.data.map((member) => memberId(member.value));
}
