import {
  adminRoleEndpoints,
  applicationEndpoints,
  mfaEndpoints,
  SUPPORT_READ_PERMISSIONS,
  storageEndpoints,
  userEndpoints,
  webhookEndpoints,
} from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { administrator, memberUser } from '../../test/fixtures';
import { canCall } from './permissions';

describe('canCall', () => {
  it("follows the endpoint's permission and the session's roles", () => {
    const auditor = administrator('Auditor');
    expect(canCall(auditor, userEndpoints.list)).toBe(true);
    expect(canCall(auditor, userEndpoints.update)).toBe(false);
    expect(canCall(auditor, storageEndpoints.remove)).toBe(false);
    const environment = administrator('EnvironmentAdministrator');
    expect(canCall(environment, storageEndpoints.remove)).toBe(true);
    expect(canCall(environment, userEndpoints.list)).toBe(false);
    expect(
      canCall(administrator('UserAdministrator', 'EnvironmentAdministrator'), userEndpoints.create),
    ).toBe(true);
    expect(canCall(administrator('Owner'), adminRoleEndpoints.setOfUser)).toBe(true);
    expect(canCall(administrator('SecurityAdministrator'), adminRoleEndpoints.setOfUser)).toBe(false);
  });

  it('keeps administrators’ calls from other users and opens their own to everyone', () => {
    expect(canCall(memberUser, userEndpoints.list)).toBe(false);
    expect(canCall(memberUser, mfaEndpoints.create)).toBe(true);
    expect(canCall(administrator('Auditor'), mfaEndpoints.create)).toBe(true);
  });

  it("offers a support session its reads and its grant's writes, never a person's own calls", () => {
    const support = {
      ...administrator(),
      permissions: [...SUPPORT_READ_PERMISSIONS, 'webhooks:write' as const],
      support: {
        operator: 'Dana Ops',
        ticket: 'SUP-7',
        mode: 'read-write' as const,
        expiresAt: '2025-03-05T14:05:00.000Z',
        writePermissions: ['webhooks:write' as const],
      },
    };
    expect(canCall(support, userEndpoints.list)).toBe(true);
    expect(canCall(support, userEndpoints.update)).toBe(false);
    expect(canCall(support, webhookEndpoints.remove)).toBe(true);
    // A webhook's signing secret is a credential: never made by support, though webhooks:write was granted.
    expect(canCall(support, webhookEndpoints.create)).toBe(false);
    expect(canCall(support, webhookEndpoints.rotateSecret)).toBe(false);
    expect(canCall(support, mfaEndpoints.create)).toBe(false);
    expect(canCall(support, applicationEndpoints.get)).toBe(true);
  });
});
