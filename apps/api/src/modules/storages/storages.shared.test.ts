import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithUser, createTestApp, type TestApp, type TestUser } from '../../../test/app.js';
import { storages } from '../../db/schema/index.js';
import type { AppError } from '../../lib/errors.js';
import { sealedAt } from '../../lib/sealed-at.js';
import { createSharedStorage, SHARED_READ_ONLY } from './storages.service.js';
import {
  AWS_SECRET,
  apiAs,
  awsBody,
  awsCredentials,
  createStorage,
  localBody,
} from './storages.test-helpers.js';

/** Shared storages: created by the operators' CLI for every tenant, read-only in the console. */
describe('shared storages', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let u: TestUser;
  let sharedId: string;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t);
    const deps = { database: t.database, secrets: t.app.services.secrets };
    sharedId = (await createSharedStorage(deps, awsBody('platform-s3'))).id;
    u = await createTenantWithUser(t);
  });
  afterAll(() => t.close());

  const sharedDeps = () => ({ database: t.database, secrets: t.app.services.secrets });

  it('are created without a tenant, with credentials sealed for "shared"', async () => {
    const [row] = await t.database.system((tx) =>
      tx.select().from(storages).where(eq(storages.id, sharedId)),
    );
    expect(row).toMatchObject({ tenantId: null, isShared: true, name: 'platform-s3', type: 'AwsS3' });
    expect(row!.credentials).not.toContain(AWS_SECRET);
    expect(
      JSON.parse(t.app.services.secrets.open(sealedAt.storageCredentials(null, sharedId), row!.credentials!)),
    ).toEqual(awsCredentials);
  });

  it('check the form rules and a unique name among shared storages', async () => {
    await expect(createSharedStorage(sharedDeps(), { name: 'x', type: 'Local' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      extra: { fields: { name: 'Name should have at least 3 symbols' } },
    } satisfies Partial<AppError>);
    await expect(
      createSharedStorage(sharedDeps(), {
        name: 'blob',
        type: 'AzureBlob',
        credentials: { accountName: 'ab', accountKey: 'key', containerName: 'box' },
      }),
    ).rejects.toMatchObject({
      extra: { fields: { 'credentials.accountName': 'Minimum length is 3 characters' } },
    });
    await expect(createSharedStorage(sharedDeps(), localBody('PLATFORM-S3'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('are listed and readable by every tenant, without secrets', async () => {
    const own = await createStorage(t, u, localBody('own-local'));
    const list = await api(u, 'GET', '/api/v1/storages');
    expect(list.json().count).toBe(2);
    expect(list.json().rows.map((row: { id: string }) => row.id)).toEqual([own, sharedId]);
    expect(list.json().rows[1]).toMatchObject({ isSharedStorage: true, name: 'platform-s3' });
    expect(list.body).not.toContain(AWS_SECRET);

    const stranger = await createTenantWithUser(t);
    const one = await api(stranger, 'GET', `/api/v1/storages/${sharedId}`);
    expect(one.json()).toMatchObject({
      isSharedStorage: true,
      credentials: {
        region: 'eu-west-1',
        bucketName: 'acme-backups',
        accessKeyId: awsCredentials.accessKeyId,
      },
    });
    expect(one.body).not.toContain(AWS_SECRET);
    expect((await api(stranger, 'GET', '/api/v1/storages?search=platform&type=AwsS3')).json().count).toBe(1);
    expect((await api(stranger, 'GET', '/api/v1/storages?type=Local')).json().count).toBe(0);
  });

  it('cannot be edited or deleted', async () => {
    const edit = await api(u, 'PATCH', `/api/v1/storages/${sharedId}`, awsBody('mine-now'));
    const remove = await api(u, 'DELETE', `/api/v1/storages/${sharedId}`);
    for (const res of [edit, remove]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_ACCESS', message: SHARED_READ_ONLY });
    }
    const [row] = await t.database.system((tx) =>
      tx.select().from(storages).where(eq(storages.id, sharedId)),
    );
    expect(row).toMatchObject({ name: 'platform-s3', isShared: true });
  });

  it('keep their names for themselves in the tenant’s view', async () => {
    const res = await api(u, 'POST', '/api/v1/storages', localBody('Platform-S3'));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ name: 'A storage with this name already exists' });
  });
});
