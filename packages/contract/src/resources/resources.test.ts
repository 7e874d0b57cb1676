import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { messagesByPath, parsed } from '../test-helpers.js';
import { applicationFormSchema, applicationPatchSchema } from './application.js';
import {
  backupConnectionFormSchema,
  connectionCreateSchema,
  connectionListQuerySchema,
  deleteConnectionFormSchema,
  toConnectionCreate,
} from './connection.js';
import { groupCreateSchema, groupUsersQuerySchema } from './group.js';
import { listQuerySchema } from './list.js';
import { type RolePermissions, restrictToReadAccess, rolePermissionsSchema } from './role.js';
import { storageCreateSchema, storagePatchSchema } from './storage.js';

const ID = '3f2b8a1e-5c4d-4e6f-9a7b-1c2d3e4f5a6b';

describe('list queries', () => {
  it('coerces query strings and applies defaults', () => {
    expect(listQuerySchema.parse({})).toEqual({ limit: 10, offset: 0 });
    expect(listQuerySchema.parse({ limit: '25', offset: '50', searchText: '  ann ' })).toEqual({
      limit: 25,
      offset: 50,
      searchText: 'ann',
    });
    expect(listQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const bad of [{ limit: '101' }, { limit: '0' }, { offset: '-1' }, { limit: 'ten' }]) {
      expect(listQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('reads booleans and sort options from strings', () => {
    expect(groupUsersQuerySchema.parse({ isRelated: 'false' }).isRelated).toBe(false);
    expect(groupUsersQuerySchema.parse({}).isRelated).toBe(true);
    expect(connectionListQuerySchema.parse({})).toMatchObject({ sort: 'createdAt', order: 'DESC' });
    expect(connectionListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
  });
});

describe('connected apps', () => {
  const form = {
    name: 'Portal',
    shared: false,
    data: {
      oauth: {
        allowedFlows: ['authorization_code', 'refresh_token'],
        allowedScopes: ['offline_access'],
        authorizedCallbackURLs: ['https://app.example.com/cb'],
        authorizedSignOutURLs: [],
      },
      authorizationPolicy: { accessTokenLifetime: 60 * MINUTE_MS, refreshTokenLifetime: 14 * DAY_MS },
    },
  };

  it('accepts a complete edit', () => {
    expect(parsed(applicationFormSchema, form)).toEqual(form);
    expect(parsed(applicationPatchSchema, { name: ' Portal 2 ' })).toEqual({ name: 'Portal 2' });
  });

  it('reports URL and lifetime problems on their paths', () => {
    const data = {
      ...form.data,
      oauth: { ...form.data.oauth, authorizedCallbackURLs: [], authorizedSignOutURLs: ['https://'] },
      authorizationPolicy: { accessTokenLifetime: 2 * DAY_MS, refreshTokenLifetime: 14 * DAY_MS },
    };
    expect(messagesByPath(applicationFormSchema, { ...form, name: 'abc', data })).toEqual({
      name: ['Name should have at least 4 symbols'],
      'data.oauth.authorizedCallbackURLs': [MESSAGES.callbackUrlRequired],
      'data.oauth.authorizedSignOutURLs.0': [MESSAGES.urlInvalid],
      'data.authorizationPolicy.accessTokenLifetime': [MESSAGES.accessTokenLifetimeRange],
    });
    expect(
      messagesByPath(applicationPatchSchema, {
        data: { ...form.data, oauth: { ...form.data.oauth, allowedFlows: ['password'] } },
      }),
    ).toHaveProperty('data.oauth.allowedFlows.0');
  });
});

describe('groups', () => {
  it('requires a role and defaults the description', () => {
    expect(messagesByPath(groupCreateSchema, { name: 'Sales' })).toEqual({ roleId: ['Role is required'] });
    expect(parsed(groupCreateSchema, { name: 'Sales', roleId: ID })).toEqual({
      name: 'Sales',
      roleId: ID,
      description: '',
    });
  });
});

describe('connections', () => {
  it('validates the Backup create modal', () => {
    expect(
      messagesByPath(backupConnectionFormSchema, { name: 'prod', storageId: '', encryptionKey: '' }),
    ).toEqual({
      organizationType: ['Connection type is required'],
      storageId: ['Storage is required'],
      encryptionKey: ['Encryption Key is required.'],
    });
  });

  it('builds the create call with storage and key', () => {
    const body = toConnectionCreate({
      name: 'prod',
      organizationType: 'Sandbox',
      storageId: ID,
      encryptionKey: 'k1',
    });
    expect(parsed(connectionCreateSchema, body)).toEqual({
      name: 'prod',
      type: 'Salesforce',
      config: { authorizationMethod: 'authorization_code', organizationType: 'Sandbox' },
      storageId: ID,
      encryptionKey: 'k1',
    });
  });

  it('confirms deletion by the trimmed name', () => {
    const schema = deleteConnectionFormSchema('prod-org');
    expect(messagesByPath(schema, { name: '' })).toEqual({ name: ['This field is required'] });
    expect(messagesByPath(schema, { name: 'prod' })).toEqual({ name: ['The connection name must match'] });
    expect(parsed(schema, { name: ' prod-org ' })).toEqual({ name: 'prod-org' });
  });
});

describe('storages', () => {
  const aws = {
    region: 'eu-west-1',
    bucketName: 'backups',
    accessKeyId: 'A'.repeat(20),
    secretAccessKey: 's'.repeat(40),
  };

  it('checks the name while the type is still unset', () => {
    expect(messagesByPath(storageCreateSchema, { name: 'a b' })).toEqual({
      name: [MESSAGES.connectionNamePattern],
      type: ['Storage type is required'],
    });
  });

  it('checks credentials per type', () => {
    expect(parsed(storageCreateSchema, { name: 'main', type: 'AwsS3', credentials: aws })).toEqual({
      name: 'main',
      type: 'AwsS3',
      credentials: aws,
    });
    expect(parsed(storageCreateSchema, { name: 'local', type: 'Local' })).toEqual({
      name: 'local',
      type: 'Local',
      credentials: {},
    });
    expect(messagesByPath(storageCreateSchema, { name: 'blob', type: 'AzureBlob', credentials: {} })).toEqual(
      {
        'credentials.accountName': ['Account name is required'],
        'credentials.accountKey': ['Account key is required'],
        'credentials.containerName': ['Container name is required'],
      },
    );
  });

  it('keeps stored secrets when an edit leaves them empty', () => {
    const edit = { name: 'main', type: 'AwsS3', credentials: { ...aws, secretAccessKey: '' } };
    expect(messagesByPath(storagePatchSchema, edit)).toEqual({});
    expect(
      messagesByPath(storagePatchSchema, { ...edit, credentials: { ...aws, secretAccessKey: 'short' } }),
    ).toEqual({
      'credentials.secretAccessKey': ['Minimum length is 16 characters'],
    });
  });
});

describe('role permissions', () => {
  const permissions: RolePermissions = {
    licenses: { devopsFullAccess: false, devopsReadAccess: true, backupFullAccess: true },
    dbr: {
      permissions: {
        connections: [
          { id: ID, name: 'prod', backupAndArchive: true, restore: false, export: false, appSettings: false },
        ],
      },
    },
    devops: {
      permissions: {
        connections: [{ id: ID, name: 'prod', retrieve: true, validate: false, deploy: false }],
        pullRequests: 'Contribute',
        pipelines: 'Manage',
      },
    },
  };

  it('holds read access to its limits', () => {
    expect(messagesByPath(rolePermissionsSchema, permissions)).toEqual({
      'devops.permissions': [MESSAGES.devopsReadAccessLimits],
    });
    const fixed = {
      ...permissions,
      devops: { permissions: restrictToReadAccess(permissions.devops.permissions) },
    };
    expect(messagesByPath(rolePermissionsSchema, fixed)).toEqual({});
  });

  it('refuses both DevOps levels at once', () => {
    const both = {
      ...permissions,
      licenses: { ...permissions.licenses, devopsFullAccess: true, devopsReadAccess: true },
    };
    expect(messagesByPath(rolePermissionsSchema, both).licenses).toEqual([MESSAGES.licenceLevelConflict]);
  });
});
