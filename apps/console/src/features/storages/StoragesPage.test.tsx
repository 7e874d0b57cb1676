import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { choose } from '../../test/fields';
import { renderWithProviders } from '../../test/renderWithProviders';
import { StoragesPage } from './StoragesPage';
import { awsRow, azureRow, bucketMissing, healthy, listOf, sharedRow } from './storages.fixtures';

const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!;

function renderList(answers: Record<string, FetchRoute> = {}) {
  const fetchMock = stubFetch({ 'GET /api/v1/storages': listOf(awsRow, azureRow, sharedRow), ...answers });
  const rendered = renderWithProviders(<StoragesPage />, { path: '/storages' });
  const asked = () =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
      .map(([url]) => new URL(String(url), 'http://localhost').searchParams);
  return { ...rendered, fetchMock, asked };
}

async function confirmDelete(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete this storage?' });
  expect(within(dialog).getByText(`"${name}" will be deleted.`)).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('StoragesPage', () => {
  it('lists names and types; shared storages show a chip instead of Edit and Delete', async () => {
    const { asked } = renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Storages' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Storages' });
    await within(table).findByText('aws-main');
    expect(within(rowOf(table, 'aws-main')).getByText('AWS S3')).toBeInTheDocument();
    expect(within(rowOf(table, 'azure-main')).getByText('Azure Blob')).toBeInTheDocument();
    for (const name of ['aws-main', 'azure-main']) {
      expect(within(rowOf(table, name)).getByRole('button', { name: `Edit ${name}` })).toBeInTheDocument();
      expect(within(rowOf(table, name)).getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
    }
    const shared = rowOf(table, 'platform-local');
    expect(within(shared).getByText('Local')).toBeInTheDocument();
    expect(within(shared).getByText('Shared')).toBeInTheDocument();
    expect(within(shared).queryAllByRole('button')).toHaveLength(0);
    expect(asked()[0]!.get('limit')).toBe('10');
    expect(asked()[0]!.get('offset')).toBe('0');
  });

  it('shows each storage’s health, and links each name to its page', async () => {
    renderList({
      'GET /api/v1/storages': listOf(
        { ...awsRow, health: healthy },
        { ...azureRow, health: bucketMissing },
        sharedRow,
      ),
    });
    const table = await screen.findByRole('table', { name: 'Storages' });
    await within(table).findByText('aws-main');
    expect(within(table).getByRole('columnheader', { name: 'Health' })).toBeInTheDocument();
    const chipOf = (name: string) => within(rowOf(table, name)).getByText(/Healthy|Unhealthy|Not checked/);
    expect(chipOf('aws-main')).toHaveTextContent('Healthy');
    expect(chipOf('aws-main').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    const unhealthy = chipOf('azure-main').closest('.MuiChip-root');
    expect(unhealthy).toHaveClass('MuiChip-colorError');
    expect(unhealthy).toHaveAccessibleName('Unhealthy: Bucket not found');
    expect(chipOf('platform-local')).toHaveTextContent('Not checked');
    expect(within(table).getByRole('link', { name: 'azure-main' })).toHaveAttribute(
      'href',
      `/storages/${azureRow.id}`,
    );
  });

  it('filters by type on the server and keeps the filter in the URL', async () => {
    const { asked, router } = renderList();
    await screen.findByText('aws-main');
    choose(document.body, 'Type', 'AWS S3');
    await waitFor(() => expect(asked().at(-1)?.get('type')).toBe('AwsS3'));
    expect(router.state.location.search).toBe('?type=AwsS3');
    choose(document.body, 'Type', 'All types');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('searches on the server once typing pauses', async () => {
    const { asked } = renderList();
    await screen.findByText('aws-main');
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'aws' } });
    await waitFor(() => expect(asked().at(-1)?.get('search')).toBe('aws'), { timeout: 2000 });
  });

  it('deletes after confirmation, with the spec toast', async () => {
    let deleted = 0;
    renderList({
      [`DELETE /api/v1/storages/${azureRow.id}`]: () => {
        deleted += 1;
        return { status: 204 };
      },
    });
    await confirmDelete('azure-main');
    expect(await screen.findByText('Storage was successfully deleted')).toBeInTheDocument();
    expect(deleted).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why a storage in use cannot be deleted', async () => {
    const inUse = 'This storage is used by a connection. Delete the connection first.';
    renderList({ [`DELETE /api/v1/storages/${awsRow.id}`]: apiError(409, 'CONFLICT', inUse) });
    await confirmDelete('aws-main');
    expect(await screen.findByText(inUse)).toBeInTheDocument();
    expect(screen.queryByText('Storage was successfully deleted')).not.toBeInTheDocument();
  });

  it('swallows other failed deletes (SPEC.md §8)', async () => {
    renderList({
      [`DELETE /api/v1/storages/${awsRow.id}`]: apiError(500, 'INTERNAL_ERROR', 'Something went wrong'),
    });
    await confirmDelete('aws-main');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.queryByText('Storage was successfully deleted')).not.toBeInTheDocument();
  });

  it('explains storages when there are none yet', async () => {
    renderList({ 'GET /api/v1/storages': listOf() });
    expect(await screen.findByText('No storages yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create' })).toHaveLength(2);
  });
});
