import { CONNECTION_HEALTH_TEXTS } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { BANNER_LABEL, UnhealthyConnectionsBanner } from './UnhealthyConnectionsBanner';

const UNHEALTHY = '/api/v1/connections/unhealthy';
const rows = [
  {
    id: '5b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    name: 'acme-prod',
    status: 'ReauthRequired',
    reason: 'user_inactive',
  },
  {
    id: '6c2e3d4f-5a6b-4c7d-9e8f-0a1b2c3d4e5f',
    name: 'qa-box',
    status: 'OrgChanged',
    reason: 'org_id_changed',
  },
];

describe('UnhealthyConnectionsBanner', () => {
  it('names the unhealthy connections, each a link to its page, and how many more there are', async () => {
    stubFetch({ [`GET ${UNHEALTHY}`]: { body: { rows, count: 5 } } });
    renderWithProviders(<UnhealthyConnectionsBanner />);
    const banner = await screen.findByRole('status', { name: BANNER_LABEL });
    expect(banner).toHaveTextContent(CONNECTION_HEALTH_TEXTS.banner(['acme-prod', 'qa-box'], 3));
    expect(within(banner).getByRole('link', { name: 'acme-prod' })).toHaveAttribute(
      'href',
      `/connections/${rows[0]!.id}`,
    );
    expect(within(banner).getByRole('link', { name: 'qa-box' })).toHaveAttribute(
      'href',
      `/connections/${rows[1]!.id}`,
    );
  });

  it('says nothing while every connection is fine', async () => {
    const fetchMock = stubFetch({ [`GET ${UNHEALTHY}`]: { body: { rows: [], count: 0 } } });
    renderWithProviders(<UnhealthyConnectionsBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('status', { name: BANNER_LABEL })).not.toBeInTheDocument();
  });
});
