import type { AwsS3Credentials } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { S3_TEST_KEYS, startS3Server } from '../../../../test/s3-server.js';
import { resolvesToLocalhost, testProbe, usePeer } from './probe.test-helpers.js';

/** The probe against s3rver, a local server speaking S3 to the official SDK. */

const peer = usePeer(
  () => startS3Server({ buckets: ['backups'] }),
  (s3) => s3.close(),
);
const probe = (allowPrivateNetworks = true) => testProbe({ allowPrivateNetworks });
const credentials = (changes: Partial<AwsS3Credentials> = {}): AwsS3Credentials => ({
  region: 'us-east-1',
  bucketName: 'backups',
  endpoint: peer().endpoint,
  ...S3_TEST_KEYS,
  ...changes,
});
const test = (changes: Partial<AwsS3Credentials> = {}, allowPrivateNetworks = true) =>
  probe(allowPrivateNetworks).test({ type: 'AwsS3', credentials: credentials(changes) });

describe('storage probe against S3', () => {
  it('passes a bucket the keys may use, with every step, and reads its settings', async () => {
    const result = await test();
    expect(result).toMatchObject({
      ok: true,
      problem: null,
      steps: [
        { step: 'write', ok: true },
        { step: 'read', ok: true },
        { step: 'list', ok: true },
        { step: 'delete', ok: true },
      ],
      // s3rver has versioning off and implements neither Object Lock nor default encryption.
      properties: { versioning: 'Disabled', immutability: 'Unknown', encryption: null },
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('leaves nothing under the probe prefix', async () => {
    const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: peer().endpoint,
      forcePathStyle: true,
      credentials: S3_TEST_KEYS,
    });
    await test();
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: 'backups', Prefix: 'skyvault-probe/' }),
    );
    client.destroy();
    expect(listed.Contents ?? []).toEqual([]);
  });

  it('passes probes that run side by side in one bucket, as the hourly checks do', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => test()));
    expect(results.map((result) => result.problem)).toEqual(results.map(() => null));
  });

  it('marks an unknown access key ID at its field', async () => {
    const result = await test({ accessKeyId: 'AKIAUNKNOWNKEY00000' });
    expect(result.ok).toBe(false);
    expect(result.steps).toEqual([{ step: 'write', ok: false }]);
    expect(result.problem).toMatchObject({ kind: 'InvalidCredentials', field: 'credentials.accessKeyId' });
    expect(result.problem?.message).toContain('does not know this access key ID');
    expect(result.properties).toBeNull();
  });

  it('says a missing bucket is missing', async () => {
    const result = await test({ bucketName: 'no-such-bucket' });
    expect(result.problem).toMatchObject({
      kind: 'BucketNotFound',
      field: 'credentials.bucketName',
      permission: null,
    });
  });

  it('is Unreachable while the server is down, and passes again once it is back', async () => {
    await peer().stop();
    try {
      const down = await test();
      expect(down.ok).toBe(false);
      expect(down.problem).toMatchObject({ kind: 'Unreachable', field: 'credentials.endpoint' });
    } finally {
      await peer().start();
    }
    expect((await test()).ok).toBe(true);
  });

  it('refuses a private endpoint unless private networks are allowed', async () => {
    const literal = await test({}, false);
    expect(literal.problem).toMatchObject({ kind: 'EndpointNotAllowed', field: 'credentials.endpoint' });
    const named = (allowPrivateNetworks: boolean) =>
      testProbe({ allowPrivateNetworks, resolve: resolvesToLocalhost }).test({
        type: 'AwsS3',
        credentials: credentials({ endpoint: `http://s3.example.test:${peer().port}` }),
      });
    expect((await named(true)).ok).toBe(true);
    expect((await named(false)).problem).toMatchObject({
      kind: 'EndpointNotAllowed',
      field: 'credentials.endpoint',
    });
  });
});
