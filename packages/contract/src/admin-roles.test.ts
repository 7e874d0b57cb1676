import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import {
  ADMIN_ROLE_DEFINITIONS,
  ADMIN_ROLES,
  type AdminRole,
  type EndpointDef,
  PERMISSIONS,
  permissionsOf,
} from './index.js';

const endpoints = new Map<string, EndpointDef>(
  Object.entries(contract)
    .filter(([name]) => name.endsWith('Endpoints'))
    .flatMap(([group, members]) =>
      Object.entries(members as Record<string, EndpointDef>).map(([name, e]) => [`${group}.${name}`, e]),
    ),
);
const adminEndpoints = [...endpoints].filter(([, e]) => e.access === 'admin');

const may = (role: AdminRole, name: string) => {
  const endpoint = endpoints.get(name);
  if (endpoint?.access !== 'admin') throw new Error(`${name} is no administrator's endpoint`);
  return ADMIN_ROLE_DEFINITIONS[role].permissions.includes(endpoint.permission);
};

/** The role table, endpoint by endpoint: a permission declared wrong shows here. */
const TABLE: Record<Exclude<AdminRole, 'Owner' | 'Auditor'>, { may: string[]; mayNot: string[] }> = {
  SecurityAdministrator: {
    may: [
      'authPolicyEndpoints.update',
      'identityProviderEndpoints.create',
      'identityProviderEndpoints.remove',
      'groupMappingEndpoints.replace',
      'domainEndpoints.create',
      'ssoEnforcementEndpoints.addBreakGlass',
      'ipRangeEndpoints.create',
      'userMfaEndpoints.reset',
      'apiTokenEndpoints.create',
      'webhookEndpoints.create',
      'webhookEndpoints.rotateSecret',
      'auditEndpoints.list',
      'auditEndpoints.export',
      'userEndpoints.list',
    ],
    mayNot: [
      'userEndpoints.create',
      'userEndpoints.remove',
      'groupEndpoints.create',
      'connectionEndpoints.remove',
      'storageEndpoints.remove',
      'adminRoleEndpoints.setOfUser',
      'tenantEndpoints.update',
    ],
  },
  UserAdministrator: {
    may: [
      'userEndpoints.create',
      'userEndpoints.update',
      'userEndpoints.remove',
      'userEndpoints.resendInvitation',
      'userEndpoints.resetPassword',
      'userMfaEndpoints.reset',
      'groupEndpoints.create',
      'groupEndpoints.addUsers',
      'groupEndpoints.removeUser',
      'roleEndpoints.update',
      'adminRoleEndpoints.ofUser',
    ],
    mayNot: [
      'authPolicyEndpoints.update',
      'identityProviderEndpoints.create',
      'ipRangeEndpoints.create',
      'apiTokenEndpoints.create',
      'webhookEndpoints.create',
      'auditEndpoints.list',
      'connectionEndpoints.create',
      'storageEndpoints.create',
      'adminRoleEndpoints.setOfUser',
    ],
  },
  EnvironmentAdministrator: {
    may: [
      'connectionEndpoints.create',
      'connectionEndpoints.renew',
      'connectionEndpoints.remove',
      'connectionHealthEndpoints.history',
      'storageEndpoints.create',
      'storageEndpoints.update',
      'storageEndpoints.test',
      'storageEndpoints.remove',
    ],
    mayNot: [
      'userEndpoints.create',
      'userEndpoints.list',
      'authPolicyEndpoints.update',
      'auditEndpoints.list',
      'webhookEndpoints.create',
      'apiTokenEndpoints.create',
      'adminRoleEndpoints.setOfUser',
    ],
  },
};

describe('administrator roles', () => {
  it('gives every administrator endpoint a permission that exists', () => {
    expect(adminEndpoints.length).toBeGreaterThan(80);
    for (const [name, e] of adminEndpoints) {
      expect(PERMISSIONS, name).toContain(e.access === 'admin' && e.permission);
    }
  });

  it('asks a read permission of every GET and a write one of every change', () => {
    const wrong = adminEndpoints
      .filter(([, e]) => e.access === 'admin' && (e.method === 'GET') !== e.permission.endsWith(':read'))
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });

  it('lets an Owner call every administrator endpoint', () => {
    expect(adminEndpoints.filter(([name]) => !may('Owner', name)).map(([name]) => name)).toEqual([]);
  });

  it('lets an Auditor read everything an administrator reads and change nothing', () => {
    for (const [name, e] of adminEndpoints) expect(may('Auditor', name), name).toBe(e.method === 'GET');
  });

  it.each(Object.entries(TABLE))('lets a %s do what the role table says', (role, table) => {
    for (const name of table.may) expect(may(role as AdminRole, name), name).toBe(true);
    for (const name of table.mayNot) expect(may(role as AdminRole, name), name).toBe(false);
  });

  it('adds up the permissions of several roles', () => {
    expect(permissionsOf([])).toEqual([]);
    const both = permissionsOf(['UserAdministrator', 'EnvironmentAdministrator']);
    expect(both).toContain('users:write');
    expect(both).toContain('storages:write');
    expect(both).not.toContain('sign-in:write');
    expect(permissionsOf([...ADMIN_ROLES])).toEqual([...PERMISSIONS]);
  });
});
