import { REFUSALS, storageEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { storages } from '../../db/schema/index.js';
import type { AppError } from '../../lib/errors.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import { createSharedStorage } from './storages.service.js';
import { AWS_SECRET, awsBody, awsCredentials, createStorage, localBody } from './storages.test-helpers.js';

/** Shared storages: created by the operators' CLI for every tenant, read-only in the console. */
describe('shared storages', () => {
  let u: TestUser;
  let sharedId: string;
  const t = useTestApp();
  const api = apiCaller(t);
  beforeAll(async () => {
    const deps = { database: t.database, secrets: t.app.services.secrets };
    sharedId = (await createSharedStorage(deps, awsBody('platform-s3'))).id;
    u = await createTenantWithUser(t);
  });

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
    const list = await api.call(u, storageEndpoints.list);
    expect(list.json().count).toBe(2);
    expect(list.json().rows.map((row: { id: string }) => row.id)).toEqual([own, sharedId]);
    expect(list.json().rows[1]).toMatchObject({ isSharedStorage: true, name: 'platform-s3' });
    expect(list.body).not.toContain(AWS_SECRET);

    const stranger = await createTenantWithUser(t);
    const one = await api.call(stranger, storageEndpoints.get, { params: { id: sharedId } });
    expect(one.json()).toMatchObject({
      isSharedStorage: true,
      credentials: {
        region: 'eu-west-1',
        bucketName: 'acme-backups',
        accessKeyId: awsCredentials.accessKeyId,
      },
    });
    expect(one.body).not.toContain(AWS_SECRET);
    expect(
      (
        await api.call(stranger, storageEndpoints.list, { query: { search: 'platform', type: 'AwsS3' } })
      ).json().count,
    ).toBe(1);
    expect((await api.call(stranger, storageEndpoints.list, { query: { type: 'Local' } })).json().count).toBe(
      0,
    );
  });

  it('cannot be edited or deleted', async () => {
    const edit = await api.call(u, storageEndpoints.update, {
      params: { id: sharedId },
      body: awsBody('mine-now'),
    });
    const remove = await api.call(u, storageEndpoints.remove, { params: { id: sharedId } });
    for (const res of [edit, remove]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'INSUFFICIENT_ACCESS',
        message: REFUSALS.storage.sharedReadOnly,
      });
    }
    const [row] = await t.database.system((tx) =>
      tx.select().from(storages).where(eq(storages.id, sharedId)),
    );
    expect(row).toMatchObject({ name: 'platform-s3', isShared: true });
  });

  it('keep their names for themselves in the tenant’s view', async () => {
    const res = await api.call(u, storageEndpoints.create, { body: localBody('Platform-S3') });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ name: 'A storage with this name already exists' });
  });
});
