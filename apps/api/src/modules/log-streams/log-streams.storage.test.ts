import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import type { LogStreamEvent } from '@skyvault/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithUser, type TestUser, useOpened } from '../../../test/app.js';
import { S3_TEST_KEYS } from '../../../test/s3-server.js';
import { verifyReceivedChain } from '../audit/index.js';
import {
  azureKeyCredentials,
  BUCKET,
  CONTAINER,
  createStorage,
  createStorageTestApp,
  s3Body,
} from '../storages/health/storage-health.test-helpers.js';
import { addStream, expectOnceInOrder, getStream, recordEvents } from './log-streams.test-helpers.js';

const NAME = /^audit\/skyvault\/\d{4}\/\d{2}\/\d{2}\/\d{6}-(\d+)-(\d+)\.ndjson$/;

const parse = (files: { key: string; body: string }[]) =>
  files.flatMap(({ key, body }) => {
    const [, first, last] = NAME.exec(key) ?? [];
    expect(key).toMatch(NAME);
    const events = body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LogStreamEvent);
    expect(events[0]!.seq).toBe(Number(first));
    expect(events.at(-1)!.seq).toBe(Number(last));
    return events;
  });

describe('log streams to a tenant storage', () => {
  const t = useOpened(() => createStorageTestApp());
  let u: TestUser;
  beforeAll(async () => {
    u = await createTenantWithUser(t);
  });

  it('writes one NDJSON file a batch into an S3 bucket, named by time and seqs', async () => {
    const storageId = await createStorage(t, u, s3Body(t, 's3-audit'));
    const stream = await addStream(t, u, {
      name: 'Bucket',
      settings: { type: 'storage', storageId, prefix: '/audit/skyvault/' },
    });
    await recordEvents(t, u, 130, 's3');
    await t.app.services.logStreamDelivery.runDue();
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: t.s3.endpoint,
      forcePathStyle: true,
      credentials: S3_TEST_KEYS,
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'audit/' }));
    const files = [];
    for (const object of listed.Contents ?? []) {
      const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: object.Key! }));
      files.push({ key: object.Key!, body: await answer.Body!.transformToString('utf-8') });
    }
    client.destroy();
    expect(files.length).toBeGreaterThanOrEqual(2);
    const events = parse(files.sort((a, b) => Number(NAME.exec(a.key)![1]) - Number(NAME.exec(b.key)![1])));
    expectOnceInOrder(events);
    expect(events[0]!.seq).toBe(stream.deliveredSeq + 1);
    expect(events.filter((event) => event.details.requestId?.startsWith('s3-'))).toHaveLength(130);
    expect(verifyReceivedChain(events)).toMatchObject({ ok: true });
    expect((await getStream(t, u, stream.id)).state).toBe('active');
  }, 120_000);

  it('writes into an Azure container, and retries from where it stopped while the storage is away', async () => {
    const storageId = await createStorage(t, u, {
      name: 'azure-audit',
      type: 'AzureBlob',
      credentials: azureKeyCredentials(t),
    });
    const stream = await addStream(t, u, {
      name: 'Container',
      settings: { type: 'storage', storageId, prefix: 'audit/skyvault' },
    });
    await t.azure.stop();
    await recordEvents(t, u, 5, 'az');
    await t.app.services.logStreamDelivery.runDue();
    expect(await getStream(t, u, stream.id)).toMatchObject({ state: 'retrying' });
    await t.azure.start();
    t.advance(15 * 60_000);
    await t.app.services.logStreamDelivery.runDue();
    expect(await getStream(t, u, stream.id)).toMatchObject({ state: 'active', lastError: null });
    const container = new BlobServiceClient(
      `http://127.0.0.1:${t.azure.port}/${t.azure.accountName}`,
      new StorageSharedKeyCredential(t.azure.accountName, t.azure.accountKey),
    ).getContainerClient(CONTAINER);
    const files = [];
    for await (const blob of container.listBlobsFlat({ prefix: 'audit/' })) {
      const body = (await container.getBlobClient(blob.name).downloadToBuffer()).toString('utf8');
      files.push({ key: blob.name, body });
    }
    const events = parse(files);
    expect(events.filter((event) => event.details.requestId?.startsWith('az-'))).toHaveLength(5);
    expectOnceInOrder(events);
    expect(verifyReceivedChain(events)).toMatchObject({ ok: true });
  }, 120_000);
});
