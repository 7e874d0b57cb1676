import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { awsCredentials, azureCredentials, createStorage } from './storages.test-helpers.js';

/**
 * SPEC.md §5 for storages, message by message. Names follow the connection/storage name rules (3 to 64,
 * our bounds); credentials the storage rules with their own grammar.
 */
const NAME_CASES: [string, unknown, string][] = [
  ['missing', undefined, 'Name is required'],
  ['empty', '', 'Name is required'],
  ['only spaces', '   ', 'Name is required'],
  ['too short', 'ab', 'Name should have at least 3 symbols'],
  ['too long', 'a'.repeat(65), 'Name should have less than 64 symbols'],
  [
    'with a space',
    'my storage',
    'Name should contain only latin letters in upper or lower case, digits and "-", "_" symbols',
  ],
  [
    'not Latin',
    'хранилище',
    'Name should contain only latin letters in upper or lower case, digits and "-", "_" symbols',
  ],
];

type Kind = 'AwsS3' | 'AzureBlob';
/** Field, its label in messages, and its bounds as SPEC.md §5 gives them. */
const FIELDS: [Kind, string, string, number | undefined, number][] = [
  ['AwsS3', 'region', 'Region', undefined, 255],
  ['AwsS3', 'bucketName', 'Bucket name', 3, 63],
  ['AwsS3', 'accessKeyId', 'Access key ID', 16, 128],
  ['AwsS3', 'secretAccessKey', 'Secret access key', 16, 128],
  ['AzureBlob', 'accountName', 'Account name', 3, 24],
  ['AzureBlob', 'accountKey', 'Account key', 3, 88],
  ['AzureBlob', 'containerName', 'Container name', 3, 63],
];

const CREDENTIAL_CASES = FIELDS.flatMap(([type, field, label, min, max]) => {
  const cases: [Kind, string, string, unknown, string][] = [
    [type, field, 'missing', undefined, `${label} is required`],
    [type, field, 'empty', '', `${label} is required`],
    [type, field, 'too long', 'a'.repeat(max + 1), `Maximum length is ${max} characters`],
    [type, field, 'only spaces', ' '.repeat(min ?? 1), `${label} cannot be contain only spaces`],
  ];
  if (min !== undefined) {
    cases.push([type, field, 'too short', 'a'.repeat(min - 1), `Minimum length is ${min} characters`]);
  }
  return cases;
});

const valid = { AwsS3: awsCredentials, AzureBlob: azureCredentials };

describe('storage validation (SPEC.md §5)', () => {
  let u: TestUser;
  let existing: string;
  const t = useTestApp();
  const api = apiCaller(t);
  beforeAll(async () => {
    u = await createTenantWithUser(t);
    existing = await createStorage(t, u, {
      name: 'existing',
      type: 'AwsS3',
      credentials: awsCredentials,
      acceptFailedTest: true,
    });
  });

  const fieldsOf = async (method: 'POST' | 'PATCH', body: object) => {
    const url = method === 'POST' ? '/api/v1/storages' : `/api/v1/storages/${existing}`;
    const res = await api.send(u, method, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    return res.json().fields;
  };

  it.each(NAME_CASES)('answers a name %s with %j', async (_, name, message) => {
    // A PATCH without a name keeps the stored one.
    for (const method of name === undefined ? (['POST'] as const) : (['POST', 'PATCH'] as const)) {
      expect((await fieldsOf(method, { name, type: 'Local' })).name).toBe(message);
    }
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['unknown', 'Ftp'],
  ])('answers a %s type with "Storage type is required"', async (_, type) => {
    expect((await fieldsOf('POST', { name: 'typed', type })).type).toBe('Storage type is required');
  });

  it.each(CREDENTIAL_CASES)('%s %s %s: %j', async (type, field, _, value, message) => {
    const credentials: Record<string, unknown> = { ...valid[type], [field]: value };
    const fields = await fieldsOf('POST', { name: 'checked', type, credentials });
    expect(fields).toEqual({ [`credentials.${field}`]: message });
  });

  // On edit an empty or missing secret keeps the stored one; every other case reads the same.
  const keepsSecret = ([, field, kind]: (typeof CREDENTIAL_CASES)[number]) =>
    (field === 'secretAccessKey' || field === 'accountKey') && (kind === 'missing' || kind === 'empty');

  it.each(CREDENTIAL_CASES.filter((c) => !keepsSecret(c)))(
    'checks the same on edit: %s %s %s',
    async (type, field, _, value, message) => {
      const credentials: Record<string, unknown> = { ...valid[type], [field]: value };
      const fields = await fieldsOf('PATCH', { name: 'existing', type, credentials });
      expect(fields).toEqual({ [`credentials.${field}`]: message });
    },
  );

  it('reports every invalid field at once', async () => {
    const fields = await fieldsOf('POST', {
      name: 'ab',
      type: 'AwsS3',
      credentials: { region: '', bucketName: 'ab', accessKeyId: 'short', secretAccessKey: ' '.repeat(16) },
    });
    expect(fields).toEqual({
      name: 'Name should have at least 3 symbols',
      'credentials.region': 'Region is required',
      'credentials.bucketName': 'Minimum length is 3 characters',
      'credentials.accessKeyId': 'Minimum length is 16 characters',
      'credentials.secretAccessKey': 'Secret access key cannot be contain only spaces',
    });
  });
});
