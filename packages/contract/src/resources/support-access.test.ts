import { describe, expect, it } from 'vitest';
import { ADMIN_ROLE_DEFINITIONS } from '../admin-roles.js';
import {
  SUPPORT_ACCESS_GRANTERS,
  SUPPORT_GRANTABLE_PERMISSIONS,
  SUPPORT_READ_PERMISSIONS,
  supportAccessEndpoints,
  supportGrantCreateSchema,
} from './support-access.js';

describe('support access rules', () => {
  it('only an Owner grants and revokes support access', () => {
    expect(SUPPORT_ACCESS_GRANTERS).toEqual(['Owner']);
    expect(supportAccessEndpoints.grant.permission).toBe('support-access:write');
    expect(supportAccessEndpoints.revoke.permission).toBe('support-access:write');
    expect(ADMIN_ROLE_DEFINITIONS.Auditor.permissions).toContain('support-access:read');
  });

  it('never grants sign-in, credentials, API tokens, roles, support access itself or approvals', () => {
    expect(SUPPORT_GRANTABLE_PERMISSIONS).toEqual([
      'users:write',
      'applications:write',
      'webhooks:write',
      'connections:write',
      'storages:write',
      'organization:write',
    ]);
    expect(SUPPORT_READ_PERMISSIONS.every((p) => p.endsWith(':read'))).toBe(true);
  });

  it('takes a window of 1 hour to 30 days, read-only by default', () => {
    expect(supportGrantCreateSchema.parse({ hours: 1 })).toEqual({ hours: 1, writePermissions: [] });
    expect(supportGrantCreateSchema.safeParse({ hours: 720 }).success).toBe(true);
    expect(supportGrantCreateSchema.safeParse({ hours: 721 }).success).toBe(false);
    expect(supportGrantCreateSchema.safeParse({ hours: 0 }).success).toBe(false);
    expect(
      supportGrantCreateSchema.safeParse({ hours: 2, writePermissions: ['sign-in:write'] }).success,
    ).toBe(false);
  });
});
