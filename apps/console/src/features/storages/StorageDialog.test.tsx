import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { choose, fill } from '../../test/fields';
import { renderWithProviders } from '../../test/renderWithProviders';
import { StoragesPage } from './StoragesPage';
import { awsRow, azureRow, listOf, settingsOf } from './storages.fixtures';

const NEW_ID = '6c4f5e7d-8091-4ca3-9d2e-3f4a5b6c7d8e';
/** Not the console's own fallback text, so the test sees that the server's message is the toast. */
const SERVER_MESSAGE = 'Storage was successfully created (server)';

function renderPage(answers: Record<string, FetchRoute> = {}) {
  const sent: { method: string; body: unknown }[] = [];
  const record =
    (answer: FetchRoute): FetchRoute =>
    (init) => {
      sent.push({ method: String(init?.method), body: bodyOf(init) });
      return typeof answer === 'function' ? answer(init) : answer;
    };
  stubFetch({
    'GET /api/v1/storages': listOf(awsRow, azureRow),
    'GET /api/v1/storages/settings': settingsOf(),
    'POST /api/v1/storages': record({ status: 201, body: { id: NEW_ID, message: SERVER_MESSAGE } }),
    ...Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, record(answer)])),
  });
  renderWithProviders(<StoragesPage />, { path: '/storages' });
  return sent;
}

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
  return screen.findByRole('dialog', { name: 'Create storage' });
}

const submit = (dialog: HTMLElement, label = 'Create') =>
  fireEvent.click(within(dialog).getByRole('button', { name: label }));

describe('Create storage modal', () => {
  it('asks for a name and a type first, with the spec messages', async () => {
    const sent = renderPage();
    const dialog = await openCreate();
    submit(dialog);
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Storage type is required')).toBeInTheDocument();
    fill(dialog, 'Name', 'my storage');
    submit(dialog);
    expect(
      await within(dialog).findByText(
        'Name should contain only latin letters in upper or lower case, digits and "-", "_" symbols',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('creates a Local storage without credentials', async () => {
    const sent = renderPage();
    const dialog = await openCreate();
    fill(dialog, 'Name', 'ab');
    choose(dialog, 'Type', 'Local');
    expect(within(dialog).queryByLabelText(/Region|Account name/)).not.toBeInTheDocument();
    submit(dialog);
    expect(await within(dialog).findByText('Name should have at least 3 symbols')).toBeInTheDocument();
    fill(dialog, 'Name', 'local-main');
    submit(dialog);
    expect(await screen.findByText(SERVER_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', body: { name: 'local-main', type: 'Local', credentials: {} } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('creates an AWS S3 storage once every field meets its rule', async () => {
    const sent = renderPage();
    const dialog = await openCreate();
    fill(dialog, 'Name', 'aws-main');
    choose(dialog, 'Type', 'AWS S3');
    fill(dialog, 'Region', '   ');
    fill(dialog, 'Bucket name', 'ab');
    fill(dialog, 'Access key ID', 'AKIA');
    fill(dialog, 'Secret access key', 's'.repeat(129));
    submit(dialog);
    expect(await within(dialog).findByText('Region cannot be contain only spaces')).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum length is 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum length is 16 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Maximum length is 128 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);

    const credentials = {
      region: 'eu-west-1',
      bucketName: 'acme-backups',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    };
    fill(dialog, 'Region', credentials.region);
    fill(dialog, 'Bucket name', credentials.bucketName);
    fill(dialog, 'Access key ID', credentials.accessKeyId);
    fill(dialog, 'Secret access key', credentials.secretAccessKey);
    submit(dialog);
    expect(await screen.findByText(SERVER_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', body: { name: 'aws-main', type: 'AwsS3', credentials } }]);
  });

  it('creates an Azure Blob storage, sending only the chosen kind’s fields', async () => {
    const sent = renderPage();
    const dialog = await openCreate();
    fill(dialog, 'Name', 'azure-main');
    // Fields typed for another kind are not sent.
    choose(dialog, 'Type', 'AWS S3');
    fill(dialog, 'Region', 'eu-west-1');
    choose(dialog, 'Type', 'Azure Blob');
    fill(dialog, 'Account name', 'a'.repeat(25));
    fill(dialog, 'Container name', 'backups');
    submit(dialog);
    expect(await within(dialog).findByText('Maximum length is 24 characters')).toBeInTheDocument();
    fill(dialog, 'Account name', 'acmestorage');
    submit(dialog);
    expect(await within(dialog).findByText('Account key is required')).toBeInTheDocument();

    fill(dialog, 'Account key', 'azure-account-key==');
    submit(dialog);
    expect(await screen.findByText(SERVER_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          name: 'azure-main',
          type: 'AzureBlob',
          credentials: {
            accountName: 'acmestorage',
            authentication: 'accountKey',
            accountKey: 'azure-account-key==',
            containerName: 'backups',
          },
        },
      },
    ]);
  });

  it('shows the server refusing a taken name next to the field', async () => {
    renderPage({
      'POST /api/v1/storages': apiError(409, 'CONFLICT', 'A storage with this name already exists', {
        name: 'A storage with this name already exists',
      }),
    });
    const dialog = await openCreate();
    fill(dialog, 'Name', 'aws-main');
    choose(dialog, 'Type', 'Local');
    submit(dialog);
    expect(await within(dialog).findByText('A storage with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create storage' })).toBeInTheDocument();
  });
});

describe('Edit storage modal', () => {
  const openEdit = async (name: string) => {
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
    return screen.findByRole('dialog', { name: 'Edit storage' });
  };
  const updated = (init: RequestInit | undefined) => ({ body: { ...awsRow, ...bodyOf(init) } });

  it('starts from the storage, its secret empty, and keeps the secret when left empty', async () => {
    const sent = renderPage({ [`PATCH /api/v1/storages/${awsRow.id}`]: updated });
    const dialog = await openEdit('aws-main');
    expect(within(dialog).getByRole('textbox', { name: 'Region' })).toHaveValue('eu-west-1');
    expect(within(dialog).getByRole('textbox', { name: 'Access key ID' })).toHaveValue(
      'AKIAIOSFODNN7EXAMPLE',
    );
    expect(within(dialog).getByLabelText('Secret access key')).toHaveValue('');
    expect(within(dialog).getByText('Leave empty to keep the current value')).toBeInTheDocument();

    fill(dialog, 'Region', 'r'.repeat(256));
    submit(dialog, 'Save');
    expect(await within(dialog).findByText('Maximum length is 255 characters')).toBeInTheDocument();
    fill(dialog, 'Region', 'us-east-1');
    submit(dialog, 'Save');
    expect(await screen.findByText('Storage was successfully updated')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        body: {
          name: 'aws-main',
          type: 'AwsS3',
          credentials: { ...awsRow.credentials, region: 'us-east-1', secretAccessKey: '' },
        },
      },
    ]);
  });

  it('needs the new kind’s secret when the type changes', async () => {
    const sent = renderPage({ [`PATCH /api/v1/storages/${awsRow.id}`]: updated });
    const dialog = await openEdit('aws-main');
    choose(dialog, 'Type', 'Azure Blob');
    fill(dialog, 'Account name', 'acmestorage');
    fill(dialog, 'Container name', 'backups');
    expect(within(dialog).queryByText('Leave empty to keep the current value')).not.toBeInTheDocument();
    submit(dialog, 'Save');
    expect(await within(dialog).findByText('Account key is required')).toBeInTheDocument();
    fill(dialog, 'Account key', 'ab');
    submit(dialog, 'Save');
    expect(await within(dialog).findByText('Minimum length is 3 characters')).toBeInTheDocument();
    fill(dialog, 'Account key', 'azure-account-key==');
    submit(dialog, 'Save');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      name: 'aws-main',
      type: 'AzureBlob',
      credentials: {
        accountName: 'acmestorage',
        authentication: 'accountKey',
        accountKey: 'azure-account-key==',
        containerName: 'backups',
      },
    });
  });
});
