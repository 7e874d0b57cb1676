import { STORAGE_MESSAGES, type StorageTestResult } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { choose, fieldLabelled, fill } from '../../test/fields';
import { renderWithProviders } from '../../test/renderWithProviders';
import { StoragesPage } from './StoragesPage';
import { awsRow, azureRow, BUCKET_MISSING, listOf, settingsOf } from './storages.fixtures';

const NEW_ID = '6c4f5e7d-8091-4ca3-9d2e-3f4a5b6c7d8e';
const SERVER_MESSAGE = 'Storage was successfully created (server)';
const credentials = {
  region: 'eu-west-1',
  bucketName: 'acme-backups',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

const passed: StorageTestResult = {
  ok: true,
  problem: null,
  steps: [
    { step: 'write', ok: true },
    { step: 'read', ok: true },
    { step: 'list', ok: true },
    { step: 'delete', ok: true },
  ],
  properties: { versioning: 'Enabled', immutability: 'Disabled', encryption: 'SSE-KMS' },
  durationMs: 120,
};
const failedWith = (field: string | null, message: string): StorageTestResult => ({
  ok: false,
  problem: {
    kind: field ? 'BucketNotFound' : 'Throttled',
    permission: null,
    actualRegion: null,
    field,
    message,
  },
  steps: [{ step: 'write', ok: false }],
  properties: null,
  durationMs: 80,
});

function renderPage(answers: Record<string, FetchRoute>, customEndpoints = false) {
  const sent: { key: string; body: unknown }[] = [];
  const record =
    (key: string, answer: FetchRoute): FetchRoute =>
    (init) => {
      sent.push({ key, body: bodyOf(init) });
      return typeof answer === 'function' ? answer(init) : answer;
    };
  stubFetch({
    'GET /api/v1/storages': listOf(awsRow, azureRow),
    'GET /api/v1/storages/settings': settingsOf(customEndpoints),
    ...Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, record(key, answer)])),
  });
  renderWithProviders(<StoragesPage />, { path: '/storages' });
  return sent;
}

async function openAwsCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create storage' });
  fill(dialog, 'Name', 'aws-main');
  choose(dialog, 'Type', 'AWS S3');
  for (const [label, value] of [
    ['Region', credentials.region],
    ['Bucket name', credentials.bucketName],
    ['Access key ID', credentials.accessKeyId],
    ['Secret access key', credentials.secretAccessKey],
  ] as const)
    fill(dialog, label, value);
  return dialog;
}

const testButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Test connection' });

describe('Test connection in the storage dialog', () => {
  it('tests the typed credentials and lists what the bucket reports', async () => {
    const sent = renderPage({ 'POST /api/v1/storages/test': { body: passed } });
    const dialog = await openAwsCreate();
    // Endpoint is offered only where the platform allows custom endpoints.
    expect(within(dialog).queryByLabelText(/^Endpoint/)).not.toBeInTheDocument();
    fireEvent.click(testButton(dialog));
    const success = await within(dialog).findByRole('alert');
    expect(success).toHaveTextContent(STORAGE_MESSAGES.tested);
    expect(success).toHaveTextContent('VersioningEnabled');
    expect(success).toHaveTextContent('ImmutabilityDisabled');
    expect(success).toHaveTextContent('EncryptionSSE-KMS');
    expect(sent).toEqual([{ key: 'POST /api/v1/storages/test', body: { type: 'AwsS3', credentials } }]);
    // A change to the credentials makes the result stale.
    fill(dialog, 'Bucket name', 'other-bucket');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows a failure under its field, and one of no field above the buttons', async () => {
    let answer = failedWith('credentials.bucketName', BUCKET_MISSING);
    renderPage({ 'POST /api/v1/storages/test': () => ({ body: answer }) });
    const dialog = await openAwsCreate();
    fireEvent.click(testButton(dialog));
    await waitFor(() =>
      expect(fieldLabelled('Bucket name', dialog)).toHaveAccessibleDescription(BUCKET_MISSING),
    );
    expect(fieldLabelled('Bucket name', dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    answer = failedWith(null, 'The storage is refusing requests for now.');
    fireEvent.click(testButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The storage is refusing requests for now.',
    );
  });

  it('checks the fields before testing, and tests an edit with the stored secret', async () => {
    const sent = renderPage({ 'POST /api/v1/storages/test': { body: passed } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit aws-main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit storage' });
    fill(dialog, 'Bucket name', 'ab');
    fireEvent.click(testButton(dialog));
    expect(await within(dialog).findByText('Minimum length is 3 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fill(dialog, 'Bucket name', 'acme-backups');
    fireEvent.click(testButton(dialog));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      storageId: awsRow.id,
      type: 'AwsS3',
      credentials: { ...awsRow.credentials, secretAccessKey: '' },
    });
  });

  it('offers Endpoint where the platform allows it, and sends it when given', async () => {
    const sent = renderPage({ 'POST /api/v1/storages/test': { body: passed } }, true);
    const dialog = await openAwsCreate();
    const endpoint = await within(dialog).findByRole('textbox', { name: 'Endpoint' });
    expect(endpoint).toHaveAccessibleDescription('Leave empty for AWS');
    fill(dialog, 'Endpoint', 'https://s3.example.com');
    fireEvent.click(testButton(dialog));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      type: 'AwsS3',
      credentials: { ...credentials, endpoint: 'https://s3.example.com' },
    });
  });

  it('switches Azure between the account key and a SAS token', async () => {
    const sent = renderPage({ 'POST /api/v1/storages/test': { body: passed } });
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create storage' });
    choose(dialog, 'Type', 'Azure Blob');
    const authentication = within(dialog).getByRole('radiogroup', { name: 'Authentication' });
    expect(within(authentication).getByRole('radio', { name: 'Account key' })).toBeChecked();
    fill(dialog, 'Account name', 'acmestorage');
    fill(dialog, 'Container name', 'backups');
    fill(dialog, 'Account key', 'azure-account-key==');
    fireEvent.click(within(authentication).getByRole('radio', { name: 'SAS token' }));
    expect(
      within(dialog).queryByLabelText(/^Account key/, { selector: 'input[type="password"]' }),
    ).toBeNull();
    fireEvent.click(testButton(dialog));
    expect(await within(dialog).findByText('SAS token is required')).toBeInTheDocument();
    fill(dialog, 'SAS token', 'sp=rwdl&sig=abc');
    fireEvent.click(testButton(dialog));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      type: 'AzureBlob',
      credentials: {
        accountName: 'acmestorage',
        containerName: 'backups',
        authentication: 'sasToken',
        sasToken: 'sp=rwdl&sig=abc',
      },
    });
  });
});

describe('Saving a storage that fails its test', () => {
  const refused = apiError(422, 'STORAGE_TEST_FAILED', STORAGE_MESSAGES.testFailed, {
    'credentials.bucketName': BUCKET_MISSING,
  });

  it('marks the field and saves anyway once confirmed', async () => {
    let tries = 0;
    const sent = renderPage({
      'POST /api/v1/storages': () => {
        tries += 1;
        return tries === 1 ? refused : { status: 201, body: { id: NEW_ID, message: SERVER_MESSAGE } };
      },
    });
    const dialog = await openAwsCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const confirm = await screen.findByRole('dialog', { name: STORAGE_MESSAGES.saveAnywayTitle });
    expect(confirm).toHaveTextContent(STORAGE_MESSAGES.saveAnyway);
    expect(fieldLabelled('Bucket name', dialog)).toHaveAccessibleDescription(BUCKET_MISSING);
    expect(within(dialog).getByText(STORAGE_MESSAGES.testFailed)).toBeInTheDocument();

    fireEvent.click(within(confirm).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText(SERVER_MESSAGE)).toBeInTheDocument();
    const body = { name: 'aws-main', type: 'AwsS3', credentials };
    expect(sent).toEqual([
      { key: 'POST /api/v1/storages', body },
      { key: 'POST /api/v1/storages', body: { ...body, acceptFailedTest: true } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open when the confirmation is cancelled', async () => {
    const sent = renderPage({ 'POST /api/v1/storages': refused });
    const dialog = await openAwsCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const confirm = await screen.findByRole('dialog', { name: STORAGE_MESSAGES.saveAnywayTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: STORAGE_MESSAGES.saveAnywayTitle }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Create storage' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});
