import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetBucketEncryptionCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  GetObjectLockConfigurationCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { AwsS3Credentials, StorageProperties } from '@skyvault/contract';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { checkUrlHost, guardedAgents } from '../../../platform/outbound/outbound.js';
import { classifyS3Error } from './classify.js';
import { deadline, type StorageSession } from './session.js';
import type { StorageProbeOptions } from './types.js';

/** S3's names for default encryption, as the console shows them. */
const ENCRYPTION_NAMES: Record<string, string> = {
  AES256: 'SSE-S3',
  'aws:kms': 'SSE-KMS',
  'aws:kms:dsse': 'DSSE-KMS',
};
const encryptionName = (algorithm: string | undefined) =>
  algorithm ? (ENCRYPTION_NAMES[algorithm] ?? algorithm) : null;

/** A property read that the credentials may not make, or the service does not offer, is unknown. */
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
const errorCode = (error: unknown) => (error as { name?: string } | null)?.name ?? '';

export function openS3Session(credentials: AwsS3Credentials, options: StorageProbeOptions): StorageSession {
  const endpoint = credentials.endpoint || undefined;
  // An address written as an IP never reaches the guarded lookup: judge it before connecting.
  if (endpoint) checkUrlHost(new URL(endpoint), options);
  const agents = guardedAgents(options);
  const client = new S3Client({
    region: credentials.region,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    // An S3-compatible service rarely has a name per bucket: address the bucket in the path.
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    // Checksums only where S3 requires them: many S3-compatible services refuse the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // One try: a test must answer within its time, and a check runs again within the hour.
    maxAttempts: 1,
    requestHandler: new NodeHttpHandler({
      httpAgent: agents.http,
      httpsAgent: agents.https,
      connectionTimeout: options.timeoutMs,
      requestTimeout: options.timeoutMs,
      throwOnRequestTimeout: true,
    }),
  });
  const bucket = credentials.bucketName;
  const signal = () => ({ abortSignal: deadline(options.timeoutMs) });
  /** What the write taught: a version ID means versioning is on; the encryption S3 applied. */
  let written: { versionId?: string; encryption?: string } = {};
  let deleteMarker: string | undefined;

  return {
    async write(key, body) {
      const answer = await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: 'text/plain; charset=utf-8',
          // Buckets with Object Lock's default retention refuse a write without a checksum; Content-MD5
          // is the one every S3-compatible service knows.
          ContentMD5: createHash('md5').update(body).digest('base64'),
        }),
        signal(),
      );
      written = {
        versionId: answer.VersionId && answer.VersionId !== 'null' ? answer.VersionId : undefined,
        encryption: answer.ServerSideEncryption,
      };
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), signal());
      return (await answer.Body?.transformToString('utf-8')) ?? '';
    },
    async list(prefix) {
      const answer = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 10 }),
        signal(),
      );
      return (answer.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    },
    async remove(key) {
      const answer = await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }), signal());
      deleteMarker = answer.VersionId && answer.VersionId !== 'null' ? answer.VersionId : undefined;
    },
    async cleanUp(key) {
      // In a versioned bucket a delete leaves the version and a delete marker: remove both when the keys
      // may (s3:DeleteObjectVersion, not in the minimal policy); Object Lock keeps them anyway.
      for (const VersionId of [written.versionId, deleteMarker]) {
        if (!VersionId) continue;
        await client
          .send(new DeleteObjectCommand({ Bucket: bucket, Key: key, VersionId }), signal())
          .catch(() => undefined);
      }
    },
    async properties(): Promise<StorageProperties> {
      const [versioning, lock, encryption] = await Promise.all([
        settle(client.send(new GetBucketVersioningCommand({ Bucket: bucket }), signal())),
        settle(client.send(new GetObjectLockConfigurationCommand({ Bucket: bucket }), signal())),
        settle(client.send(new GetBucketEncryptionCommand({ Bucket: bucket }), signal())),
      ]);
      const status = versioning.value?.Status;
      const algorithm =
        encryption.value?.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault
          ?.SSEAlgorithm;
      return {
        versioning: written.versionId
          ? 'Enabled'
          : versioning.value
            ? status === 'Enabled' || status === 'Suspended'
              ? status
              : 'Disabled'
            : 'Unknown',
        immutability:
          lock.value?.ObjectLockConfiguration?.ObjectLockEnabled === 'Enabled'
            ? 'Enabled'
            : lock.value || errorCode(lock.error) === 'ObjectLockConfigurationNotFoundError'
              ? 'Disabled'
              : 'Unknown',
        // The bucket's rule when it may be read, else what S3 said it applied to the probe object.
        encryption: encryptionName(algorithm) ?? encryptionName(written.encryption),
      };
    },
    classify: (error, step) => classifyS3Error(error, step),
    close() {
      client.destroy();
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
