import type { AwsS3Credentials, StorageTestResult } from '@skyvault/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { awsError, type S3FaultServer, startS3FaultServer } from '../../../../test/s3-fault-server.js';
import { createStorageProbe } from './index.js';

/**
 * The probe against AWS's own answers that s3rver never gives (wrong region, a policy denying one
 * step, throttling, a wrong secret, a bucket's settings), sent by a small S3 endpoint to the official SDK.
 */

let s3: S3FaultServer;
beforeAll(async () => {
  s3 = await startS3FaultServer();
});
beforeEach(() => s3.reset());
afterAll(async () => {
  await s3?.close();
});

const credentials = (): AwsS3Credentials => ({
  region: 'us-east-1',
  bucketName: 'backups',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  endpoint: s3.endpoint,
});
const test = (timeoutMs = 1500) =>
  createStorageProbe({
    timeoutMs,
    allowPrivateNetworks: true,
    azureBlobEndpoint: 'https://{account}.blob.core.windows.net',
  }).test({ type: 'AwsS3', credentials: credentials() });

const failedAt = (result: StorageTestResult) => result.steps.find((step) => !step.ok)?.step;

describe('storage probe and AWS answers', () => {
  it('passes when every step works, and reads versioning, Object Lock and encryption', async () => {
    s3.addHeaders('PutObject', {
      'x-amz-version-id': '3sL4kqtJlcpXroDTDmJ-rmSpXd3dIbrHY',
      'x-amz-server-side-encryption': 'AES256',
    });
    s3.setting(
      'GetObjectLockConfiguration',
      '<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled></ObjectLockConfiguration>',
    );
    s3.setting(
      'GetBucketEncryption',
      '<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>aws:kms</SSEAlgorithm><KMSMasterKeyID>arn:aws:kms:us-east-1:111122223333:key/example</KMSMasterKeyID></ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>',
    );
    s3.fail('GetBucketVersioning', awsError(403, 'AccessDenied', 'Access Denied'));
    const result = await test();
    expect(result.ok).toBe(true);
    // Versioning may not be read, but the write's version ID shows it on.
    expect(result.properties).toEqual({
      versioning: 'Enabled',
      immutability: 'Enabled',
      encryption: 'SSE-KMS',
    });
  });

  it('takes settings it may not read as unknown, and a bucket without Object Lock as without', async () => {
    s3.fail('GetBucketVersioning', awsError(403, 'AccessDenied', 'Access Denied'));
    s3.fail(
      'GetObjectLockConfiguration',
      awsError(
        404,
        'ObjectLockConfigurationNotFoundError',
        'Object Lock configuration does not exist for this bucket',
      ),
    );
    s3.fail('GetBucketEncryption', awsError(403, 'AccessDenied', 'Access Denied'));
    s3.addHeaders('PutObject', { 'x-amz-server-side-encryption': 'AES256' });
    const result = await test();
    expect(result.properties).toEqual({
      versioning: 'Unknown',
      immutability: 'Disabled',
      encryption: 'SSE-S3',
    });
  });

  it('reads a suspended versioning as such', async () => {
    s3.setting(
      'GetBucketVersioning',
      '<VersioningConfiguration><Status>Suspended</Status></VersioningConfiguration>',
    );
    expect((await test()).properties?.versioning).toBe('Suspended');
  });

  it('names the region of a bucket that is elsewhere (a redirect)', async () => {
    s3.fail(
      'PutObject',
      awsError(
        301,
        'PermanentRedirect',
        'The bucket you are attempting to access must be addressed using the specified endpoint.',
        { Endpoint: 'backups.s3.eu-west-1.amazonaws.com', Bucket: 'backups' },
        { 'x-amz-bucket-region': 'eu-west-1' },
      ),
    );
    const result = await test();
    expect(result.problem).toMatchObject({
      kind: 'WrongRegion',
      actualRegion: 'eu-west-1',
      field: 'credentials.region',
    });
    expect(result.problem?.message).toBe(
      'The bucket is in eu-west-1, not in us-east-1. Set Region to eu-west-1.',
    );
  });

  it('names the region AWS expects when the signature names another', async () => {
    s3.fail(
      'PutObject',
      awsError(
        400,
        'AuthorizationHeaderMalformed',
        "The authorization header is malformed; the region 'us-east-1' is wrong; expecting 'ap-southeast-2'",
        {
          Region: 'ap-southeast-2',
        },
      ),
    );
    expect((await test()).problem).toMatchObject({ kind: 'WrongRegion', actualRegion: 'ap-southeast-2' });
  });

  it.each([
    ['PutObject', 'write'],
    ['GetObject', 'read'],
    ['ListObjectsV2', 'list'],
    ['DeleteObject', 'delete'],
  ] as const)('names the permission a policy denies (%s: %s)', async (operation, permission) => {
    s3.fail(operation, awsError(403, 'AccessDenied', 'Access Denied'));
    const result = await test();
    expect(failedAt(result)).toBe(permission);
    expect(result.problem).toMatchObject({
      kind: 'AccessDenied',
      permission,
      field: 'credentials.accessKeyId',
    });
    expect(result.problem?.message).toContain(`may not ${permission} objects`);
  });

  it('puts a wrong secret at the secret', async () => {
    s3.fail(
      'PutObject',
      awsError(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      ),
    );
    expect((await test()).problem).toMatchObject({
      kind: 'InvalidCredentials',
      field: 'credentials.secretAccessKey',
    });
  });

  it('says so when S3 asks to slow down', async () => {
    s3.fail('GetObject', awsError(503, 'SlowDown', 'Please reduce your request rate.'));
    expect((await test()).problem).toMatchObject({ kind: 'Throttled', field: null });
  });

  it('is Unreachable when the endpoint does not answer in time', async () => {
    s3.fail('PutObject', 'silent');
    const started = Date.now();
    const result = await test(500);
    expect(result.problem).toMatchObject({ kind: 'Unreachable', field: 'credentials.endpoint' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
