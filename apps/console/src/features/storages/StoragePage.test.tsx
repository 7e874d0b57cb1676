import { STORAGE_MESSAGES, type Storage, type StorageCheck } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FetchRoute, stubFetch } from '../../test/fetchStub';
import { administrator, adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { StoragePage } from './StoragePage';
import {
  awsRow,
  BUCKET_MISSING,
  bucketMissing,
  checkOf,
  healthy,
  settingsOf,
  sharedRow,
} from './storages.fixtures';

const base = `/api/v1/storages/${awsRow.id}`;
const failedCheck = checkOf({
  id: '8e2f3a4b-5c6d-4e7f-9a8b-0c1d2e3f4a5b',
  checkedAt: new Date(2025, 2, 7, 9, 15).toISOString(),
  status: 'Unhealthy',
  problem: 'BucketNotFound',
  message: BUCKET_MISSING,
  trigger: 'manual',
});

function openPage(
  storage: Storage,
  answers: Record<string, FetchRoute> = {},
  checks: StorageCheck[] = [],
  session = adminUser,
) {
  const fetchMock = stubFetch({
    [`GET /api/v1/storages/${storage.id}`]: { body: storage },
    [`GET /api/v1/storages/${storage.id}/checks`]: { body: { rows: checks } },
    'GET /api/v1/storages/settings': settingsOf(),
    'GET /api/v1/storages/unhealthy': { body: { rows: [], count: 0 } },
    ...answers,
  });
  renderWithProviders(<StoragePage />, {
    path: '/storages/:storageId',
    url: `/storages/${storage.id}`,
    session,
  });
  return fetchMock;
}

const region = (name: string) => screen.findByRole('region', { name });

describe('StoragePage', () => {
  it('shows the storage without secrets, its health with what to do, and its last checks', async () => {
    openPage({ ...awsRow, health: bucketMissing }, {}, [failedCheck, checkOf({})]);
    expect(await screen.findByRole('heading', { level: 1, name: 'aws-main' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Storages' })).toHaveAttribute('href', '/storages');

    const details = await region('Storage');
    expect(within(details).getByText('AWS S3')).toBeInTheDocument();
    expect(within(details).getByText('acme-backups')).toBeInTheDocument();
    expect(within(details).getByText('AKIAIOSFODNN7EXAMPLE')).toBeInTheDocument();
    expect(within(details).queryByText(/Secret/)).not.toBeInTheDocument();

    const health = await region('Health');
    expect(within(health).getByText('Unhealthy').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(health).getByText(`Bucket not found: ${BUCKET_MISSING}`)).toBeInTheDocument();
    expect(within(health).getByText('March 7, 2025 at 08:15')).toBeInTheDocument();
    expect(within(health).getByText('March 6, 2025 at 08:15')).toBeInTheDocument();
    expect(within(health).getAllByText('Unknown')).toHaveLength(3);

    const table = await screen.findByRole('table', { name: 'Last checks' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('March 7, 2025 at 09:15');
    expect(rows[1]).toHaveTextContent('Check now');
    expect(rows[1]).toHaveTextContent(`Bucket not found: ${BUCKET_MISSING}`);
    expect(rows[2]).toHaveTextContent('Scheduled');
    expect(rows[2]).toHaveTextContent('Healthy');
  });

  it('Check now checks at once, says so and shows what it found', async () => {
    const user = userEvent.setup();
    let checked = false;
    const fetchMock = openPage(
      { ...awsRow, health: bucketMissing },
      {
        [`GET ${base}`]: () => ({ body: { ...awsRow, health: checked ? healthy : bucketMissing } }),
        [`GET ${base}/checks`]: () => ({
          body: {
            rows: checked
              ? [checkOf({ id: crypto.randomUUID(), trigger: 'manual' }), failedCheck]
              : [failedCheck],
          },
        }),
        [`POST ${base}/check`]: () => {
          checked = true;
          return { body: { ...awsRow, health: healthy } };
        },
      },
    );
    const table = await screen.findByRole('table', { name: 'Last checks' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(STORAGE_MESSAGES.checked)).toBeInTheDocument();
    const health = await region('Health');
    expect(await within(health).findByText('Healthy')).toBeInTheDocument();
    expect(within(health).getByText('SSE-S3')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('shows a shared storage’s status only, with nothing to check or change', async () => {
    const fetchMock = openPage({ ...sharedRow, health: healthy });
    const health = await region('Health');
    expect(await within(health).findByText('Healthy')).toBeInTheDocument();
    expect(within(health).getByText(STORAGE_MESSAGES.sharedHealthOnly)).toBeInTheDocument();
    expect(within(health).queryByText('SSE-S3')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Last checks' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).not.toContain(`/api/v1/storages/${sharedRow.id}/checks`);
  });

  it('opens the edit dialog and deletes back to the list', async () => {
    const user = userEvent.setup();
    openPage(awsRow, { [`DELETE ${base}`]: { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit storage' });
    expect(within(dialog).getByRole('textbox', { name: 'Bucket name' })).toHaveValue('acme-backups');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete this storage?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/storages');
  });
});

describe('StoragePage by administrator role', () => {
  it('shows an Auditor the storage, its health and checks, without Check now, Edit or Delete', async () => {
    openPage(awsRow, {}, [failedCheck], administrator('Auditor'));
    expect(await screen.findByRole('heading', { level: 1, name: 'aws-main' })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Last checks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History' })).toBeInTheDocument();
    for (const name of ['Check now', 'Edit', 'Delete']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('gives an Environment administrator Check now, Edit and Delete', async () => {
    openPage(awsRow, {}, [], administrator('EnvironmentAdministrator'));
    expect(await screen.findByRole('button', { name: 'Check now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
