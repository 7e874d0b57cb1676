import { adminRoleEndpoints, mfaEndpoints, storageEndpoints, userEndpoints } from '@skyvault/contract';
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
});
