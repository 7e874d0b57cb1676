import { expiryBannerText } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { EXPIRY_BANNER_LABEL, ExpiringCredentialsBanner } from './ExpiringCredentialsBanner';

const EXPIRING = '/api/v1/identity-providers/expiring';
const DAY = 24 * 60 * 60 * 1000;
const providers = [
  {
    id: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    name: 'Okta',
    credentialsExpireAt: new Date(Date.now() - DAY).toISOString(),
  },
  {
    id: '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
    name: 'Entra ID',
    credentialsExpireAt: new Date(Date.now() + 6.5 * DAY).toISOString(),
  },
];

describe('ExpiringCredentialsBanner', () => {
  it('names the providers whose credentials expire soon, each a link to its page with the time left', async () => {
    stubFetch({ [`GET ${EXPIRING}`]: { body: { identityProviders: providers } } });
    renderWithProviders(<ExpiringCredentialsBanner />);
    const banner = await screen.findByRole('status', { name: EXPIRY_BANNER_LABEL });
    expect(banner).toHaveTextContent(expiryBannerText(['Okta', 'Entra ID']));
    const entra = within(banner).getByRole('link', { name: 'Entra ID' });
    expect(entra).toHaveAttribute('href', `/identity-providers/${providers[1]!.id}`);
    expect(entra).toHaveAttribute('title', 'Expires in 7 days');
    expect(within(banner).getByRole('link', { name: 'Okta' })).toHaveAttribute('title', 'Expired a day ago');
  });

  it('says nothing while no credentials expire soon', async () => {
    const fetchMock = stubFetch({ [`GET ${EXPIRING}`]: { body: { identityProviders: [] } } });
    renderWithProviders(<ExpiringCredentialsBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('status', { name: EXPIRY_BANNER_LABEL })).not.toBeInTheDocument();
  });
});
