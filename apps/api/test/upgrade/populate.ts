import {
  applicationEndpoints,
  connectionEndpoints,
  ipRangeEndpoints,
  mfaEndpoints,
  roleEndpoints,
} from '@skyvault/contract';
import { backupBody, ENCRYPTION_KEY } from '../../src/modules/connections/connections.test-helpers.js';
import { createGroup, createUser } from '../../src/modules/groups/groups.test-helpers.js';
import { OFFICE, OFFICE_RANGE } from '../../src/modules/ip-ranges/ip-ranges.test-helpers.js';
import { currentCode } from '../../src/modules/mfa/totp.js';
import { createProvider, IDP_SECRET, providerBody } from '../../src/modules/sso/sso.test-helpers.js';
import { AWS_SECRET, awsBody, createStorage } from '../../src/modules/storages/storages.test-helpers.js';
import { apiCaller } from '../api-caller.js';
import { call, createTenantWithUser, signIn, type TestApp, type TestUser } from '../app.js';
import type { SalesforceStandIn } from '../salesforce-stand-in.js';
import type { FixtureTenant, RecordedRead } from './fixture.js';

/**
 * One tenant with a resource of every kind, made through the API as an administrator would, and the
 * answers of every list and details page that shows them.
 */
export async function populateTenant(
  t: TestApp,
  options: { name: string; sf: SalesforceStandIn; issuer: string; withIpRange: boolean },
): Promise<FixtureTenant> {
  const api = apiCaller(t, { from: OFFICE });
  const admin = await createTenantWithUser(t, {
    tenantName: options.name,
    email: `admin@${options.name.toLowerCase()}.example.com`,
    password: 'Fixture-Secret-1',
    emailVerified: true,
  });

  const storageId = await createStorage(t, admin, awsBody(`${options.name}-backups`));
  const created = (
    await api.call(admin, connectionEndpoints.create, {
      body: backupBody(`${options.name}-production`, storageId),
    })
  ).result();
  const back = await options.sf.follow(created.loginURI);
  await call(t, {
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookie: admin.cookie,
    remoteAddress: OFFICE,
  });
  const [connection] = (await api.call(admin, connectionEndpoints.list)).result().rows;

  const roleId = (
    await api.call(admin, roleEndpoints.create, {
      body: { name: 'Backup operators', description: 'Runs backups' },
    })
  ).result().id;
  const id = connection!.id;
  (
    await api.call(admin, roleEndpoints.updatePermissions, {
      params: { id: roleId },
      body: {
        licenses: { backupFullAccess: true, devopsFullAccess: true, devopsReadAccess: false },
        dbr: {
          permissions: {
            connections: [
              { id, name: '', backupAndArchive: true, restore: true, export: false, appSettings: false },
            ],
          },
        },
        devops: {
          permissions: {
            pullRequests: 'Contribute',
            pipelines: 'Manage',
            connections: [{ id, name: '', retrieve: true, validate: false, deploy: false }],
          },
        },
      },
    })
  ).result();
  const groupId = await createGroup(t, admin, { name: 'Operators', description: 'Night shift', roleId });
  const memberId = await createUser(t, admin, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace@${options.name.toLowerCase()}.example.com`,
    groupId,
  });
  const member: TestUser = { ...admin, userId: memberId, cookie: await signIn(t, admin.tenantId, memberId) };

  const application = (
    await api.call(admin, applicationEndpoints.create, { body: { name: 'Portal' } })
  ).result();
  const providerId = await createProvider(
    t,
    admin,
    providerBody(options.issuer, { name: `${options.name} Login` }),
  );
  const device = (await api.call(member, mfaEndpoints.create, { body: { name: 'Phone' } })).result();
  const mfaSecret = new URL(device.otpPathUrl).searchParams.get('secret') ?? '';
  (
    await api.call(member, mfaEndpoints.verify, {
      params: { id: device.id },
      body: { code: currentCode(mfaSecret) },
    })
  ).result();
  const ids: Record<string, string> = {
    storage: storageId,
    connection: connection!.id,
    role: roleId,
    group: groupId,
    application: application.id,
    identityProvider: providerId,
    mfaDevice: device.id,
  };
  // Last: from now on the tenant's administrators must call from the office.
  if (options.withIpRange) {
    ids.ipRange = (
      await api.call(admin, ipRangeEndpoints.create, {
        body: { name: 'Office', ...OFFICE_RANGE },
      })
    ).result().id;
  }

  const paths: [RecordedRead['as'], string][] = [
    ['admin', '/api/v1/users'],
    ['admin', `/api/v1/users/${admin.userId}`],
    ['admin', `/api/v1/users/${memberId}`],
    ['admin', '/api/v1/groups'],
    ['admin', `/api/v1/groups/${groupId}`],
    ['admin', `/api/v1/groups/${groupId}/users`],
    ['admin', '/api/v1/roles'],
    ['admin', `/api/v1/roles/${roleId}`],
    ['admin', `/api/v1/roles/${roleId}/permissions`],
    ['admin', '/api/v1/storages'],
    ['admin', `/api/v1/storages/${storageId}`],
    ['admin', '/api/v1/connections'],
    ['admin', '/api/v1/applications'],
    ['admin', `/api/v1/applications/${application.id}`],
    ['admin', '/api/v1/identity-providers'],
    ['admin', `/api/v1/identity-providers/${providerId}`],
    ['admin', '/api/v1/ip-ranges'],
    ...(ids.ipRange ? [['admin', `/api/v1/ip-ranges/${ids.ipRange}`] as [RecordedRead['as'], string]] : []),
    ['member', '/api/v1/mfa'],
    ['member', `/api/v1/mfa/${device.id}`],
  ];
  const reads: RecordedRead[] = [];
  for (const [as, url] of paths) {
    const res = await call(t, {
      method: 'GET',
      url,
      cookie: (as === 'admin' ? admin : member).cookie,
      remoteAddress: OFFICE,
    });
    if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
    reads.push({ as, path: url, body: res.json() });
  }

  return {
    name: options.name,
    tenantId: admin.tenantId,
    adminId: admin.userId,
    memberId,
    ids,
    sealed: [
      { table: 'storages', column: 'credentials', id: storageId, plain: AWS_SECRET },
      { table: 'connections', column: 'encryption_key', id: connection!.id, plain: ENCRYPTION_KEY },
      { table: 'applications', column: 'client_secret', id: application.id, plain: application.clientSecret },
      { table: 'identity_providers', column: 'client_secret', id: providerId, plain: IDP_SECRET },
      { table: 'mfa_devices', column: 'secret', id: device.id, plain: mfaSecret },
    ],
    hasIpRanges: options.withIpRange,
    reads,
  };
}
