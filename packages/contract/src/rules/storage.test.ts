import { describe, expect, it } from 'vitest';
import { messagesByPath } from '../test-helpers.js';
import { awsS3CredentialsSchema, azureBlobCredentialsSchema } from './storage.js';

const aws = {
  region: 'eu-west-1',
  bucketName: 'backups',
  accessKeyId: 'A'.repeat(20),
  secretAccessKey: 's'.repeat(40),
};
const azure = { accountName: 'acme', accountKey: 'k'.repeat(88), containerName: 'backups' };

describe('AWS S3 credentials', () => {
  it.each([
    ['region', undefined, 'Region is required'],
    ['region', '', 'Region is required'],
    ['region', 'r'.repeat(256), 'Maximum length is 255 characters'],
    ['region', '   ', 'Region cannot be contain only spaces'],
    ['bucketName', '', 'Bucket name is required'],
    ['bucketName', 'ab', 'Minimum length is 3 characters'],
    ['bucketName', 'b'.repeat(64), 'Maximum length is 63 characters'],
    ['bucketName', '    ', 'Bucket name cannot be contain only spaces'],
    ['accessKeyId', '', 'Access key ID is required'],
    ['accessKeyId', 'A'.repeat(15), 'Minimum length is 16 characters'],
    ['accessKeyId', 'A'.repeat(129), 'Maximum length is 128 characters'],
    ['accessKeyId', ' '.repeat(16), 'Access key ID cannot be contain only spaces'],
    ['secretAccessKey', undefined, 'Secret access key is required'],
    ['secretAccessKey', 's'.repeat(15), 'Minimum length is 16 characters'],
    ['secretAccessKey', 's'.repeat(129), 'Maximum length is 128 characters'],
    ['secretAccessKey', ' '.repeat(20), 'Secret access key cannot be contain only spaces'],
  ])('%s = %j', (field, value, message) => {
    expect(messagesByPath(awsS3CredentialsSchema, { ...aws, [field]: value })).toEqual({
      [field]: [message],
    });
  });

  it('accepts the bounds exactly', () => {
    const edge = {
      region: 'r'.repeat(255),
      bucketName: 'abc',
      accessKeyId: 'A'.repeat(16),
      secretAccessKey: 's'.repeat(128),
    };
    expect(awsS3CredentialsSchema.parse(edge)).toEqual(edge);
    expect(awsS3CredentialsSchema.parse({ ...aws, bucketName: 'b'.repeat(63) }).bucketName).toHaveLength(63);
  });
});

describe('Azure Blob credentials', () => {
  it.each([
    ['accountName', '', 'Account name is required'],
    ['accountName', 'ab', 'Minimum length is 3 characters'],
    ['accountName', 'a'.repeat(25), 'Maximum length is 24 characters'],
    ['accountName', '   ', 'Account name cannot be contain only spaces'],
    ['accountKey', undefined, 'Account key is required'],
    ['accountKey', 'ab', 'Minimum length is 3 characters'],
    ['accountKey', 'k'.repeat(89), 'Maximum length is 88 characters'],
    ['accountKey', '   ', 'Account key cannot be contain only spaces'],
    ['containerName', '', 'Container name is required'],
    ['containerName', 'ab', 'Minimum length is 3 characters'],
    ['containerName', 'c'.repeat(64), 'Maximum length is 63 characters'],
    ['containerName', '     ', 'Container name cannot be contain only spaces'],
  ])('%s = %j', (field, value, message) => {
    expect(messagesByPath(azureBlobCredentialsSchema, { ...azure, [field]: value })).toEqual({
      [field]: [message],
    });
  });

  it('accepts the bounds exactly', () => {
    const edge = { accountName: 'a'.repeat(24), accountKey: 'abc', containerName: 'c'.repeat(63) };
    expect(azureBlobCredentialsSchema.parse(edge)).toEqual({ ...edge, authentication: 'accountKey' });
  });
});
