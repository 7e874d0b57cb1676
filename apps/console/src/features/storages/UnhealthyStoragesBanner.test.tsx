import { STORAGE_MESSAGES } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { awsRow, azureRow } from './storages.fixtures';
import { STORAGES_BANNER_LABEL, UnhealthyStoragesBanner } from './UnhealthyStoragesBanner';

const UNHEALTHY = '/api/v1/storages/unhealthy';
const rows = [
  { id: awsRow.id, name: awsRow.name, problem: 'BucketNotFound' },
  { id: azureRow.id, name: azureRow.name, problem: 'InvalidCredentials' },
];

describe('UnhealthyStoragesBanner', () => {
  it('names the unhealthy storages, each a link to its page, and how many more there are', async () => {
    stubFetch({ [`GET ${UNHEALTHY}`]: { body: { rows, count: 4 } } });
    renderWithProviders(<UnhealthyStoragesBanner />);
    const banner = await screen.findByRole('status', { name: STORAGES_BANNER_LABEL });
    expect(banner).toHaveTextContent(STORAGE_MESSAGES.banner(['aws-main', 'azure-main'], 2));
    expect(within(banner).getByRole('link', { name: 'aws-main' })).toHaveAttribute(
      'href',
      `/storages/${awsRow.id}`,
    );
    expect(within(banner).getByRole('link', { name: 'azure-main' })).toHaveAttribute(
      'href',
      `/storages/${azureRow.id}`,
    );
  });

  it('says nothing while every storage is fine', async () => {
    const fetchMock = stubFetch({ [`GET ${UNHEALTHY}`]: { body: { rows: [], count: 0 } } });
    renderWithProviders(<UnhealthyStoragesBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('status', { name: STORAGES_BANNER_LABEL })).not.toBeInTheDocument();
  });
});
