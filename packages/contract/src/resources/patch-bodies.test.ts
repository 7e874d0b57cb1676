import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { applicationPatchSchema } from './application.js';
import { groupPatchSchema } from './group.js';
import { identityProviderPatchSchema } from './identity-provider.js';
import { ipRangePatchSchema } from './ip-range.js';
import { mfaDevicePatchSchema } from './mfa.js';
import { rolePatchSchema } from './role.js';
import { storagePatchSchema } from './storage.js';
import { tenantUpdateSchema } from './tenant.js';
import { userPatchSchema } from './user.js';

const ID = '3f2b8a1e-5c4d-4e6f-9a7b-1c2d3e4f5a6b';

// A PATCH changes what it is given: each body below names one field and must be valid on its own.
const SINGLE_FIELDS: { path: string; schema: z.ZodType; body: Record<string, unknown> }[] = [
  { path: 'applications', schema: applicationPatchSchema, body: { name: 'Renamed app' } },
  { path: 'applications', schema: applicationPatchSchema, body: { shared: true } },
  { path: 'groups', schema: groupPatchSchema, body: { name: 'Renamed group' } },
  { path: 'groups', schema: groupPatchSchema, body: { description: 'Only the description' } },
  { path: 'groups', schema: groupPatchSchema, body: { roleId: ID } },
  { path: 'identity-providers', schema: identityProviderPatchSchema, body: { name: 'Renamed provider' } },
  { path: 'identity-providers', schema: identityProviderPatchSchema, body: { buttonText: 'Sign in' } },
  { path: 'ip-ranges', schema: ipRangePatchSchema, body: { name: 'Office' } },
  { path: 'ip-ranges', schema: ipRangePatchSchema, body: { endIPAddress: '10.0.0.9' } },
  { path: 'mfa', schema: mfaDevicePatchSchema, body: { name: 'Phone' } },
  { path: 'roles', schema: rolePatchSchema, body: { name: 'Renamed role' } },
  { path: 'roles', schema: rolePatchSchema, body: { description: 'Only the description' } },
  { path: 'storages', schema: storagePatchSchema, body: { name: 'renamed-storage' } },
  { path: 'tenants', schema: tenantUpdateSchema, body: { name: 'Renamed-tenant' } },
  { path: 'users', schema: userPatchSchema, body: { firstName: 'Ada' } },
  { path: 'users', schema: userPatchSchema, body: { status: 'Disabled' } },
];

describe('PATCH bodies', () => {
  const cases = SINGLE_FIELDS.map(
    ({ path, schema, body }) => [path, Object.keys(body)[0], schema, body] as const,
  );
  it.each(cases)('PATCH /%s accepts %s alone and adds no other field', (_path, _field, schema, body) => {
    const result = schema.safeParse(body);
    expect(result.success ? [] : result.error.issues).toEqual([]);
    const data = result.data as Record<string, unknown>;
    // No default fills in a field the body left out.
    expect(Object.entries(data).filter(([, value]) => value !== undefined)).toEqual(Object.entries(body));
  });
});
