import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { IdentityProvidersPage } from './IdentityProvidersPage';
import { oktaProvider } from './identity-providers.fixtures';

const disabled = {
  ...oktaProvider,
  id: '2c3d4e5f-6a7b-4c8d-8e9f-0a1b2c3d4e5f',
  name: 'Entra',
  active: false,
};

const queryOf = (fetchMock: ReturnType<typeof stubFetch>, index: number) =>
  new URL(String(fetchMock.mock.calls[index]?.[0]), 'http://localhost').searchParams;

describe('IdentityProvidersPage', () => {
  it('lists the providers: name links, type label, issuer, status, dates, 10 a page', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/identity-providers': { body: { identityProviders: [oktaProvider, disabled], total: 2 } },
    });
    renderWithProviders(<IdentityProvidersPage />, { path: '/identity-providers' });

    expect(screen.getByRole('heading', { level: 1, name: 'Identity Providers' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Identity Providers' });
    expect(await within(table).findByRole('link', { name: 'Okta' })).toHaveAttribute(
      'href',
      `/identity-providers/${oktaProvider.id}`,
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Type', 'Issuer', 'Status', 'Updated At', 'Created At']);
    const okta = within(table).getByRole('link', { name: 'Okta' }).closest('tr') as HTMLElement;
    expect(within(okta).getByText('OpenID Connect')).toBeInTheDocument();
    expect(within(okta).getByText('https://acme.okta.example.com')).toBeInTheDocument();
    expect(within(okta).getByText('Active')).toBeInTheDocument();
    const entra = within(table).getByRole('link', { name: 'Entra' }).closest('tr') as HTMLElement;
    expect(within(entra).getByText('Disabled')).toBeInTheDocument();
    expect(queryOf(fetchMock, 0).get('limit')).toBe('10');
    expect(queryOf(fetchMock, 0).get('offset')).toBe('0');
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/identity-providers/create',
    );
  });

  it('searches once typing pauses for 500 ms', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/identity-providers': { body: { identityProviders: [oktaProvider], total: 1 } },
    });
    renderWithProviders(<IdentityProvidersPage />, { path: '/identity-providers' });
    await screen.findByRole('link', { name: 'Okta' });
    const search = screen.getByRole('searchbox', { name: 'Search identity providers' });
    expect(search).toHaveAttribute('placeholder', 'Search for value');

    fireEvent.input(search, { target: { value: 'okt' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 1500 });
    expect(queryOf(fetchMock, 1).get('searchText')).toBe('okt');
  });

  it('says there are none yet, with the way to create one', async () => {
    stubFetch({ 'GET /api/v1/identity-providers': { body: { identityProviders: [], total: 0 } } });
    renderWithProviders(<IdentityProvidersPage />, { path: '/identity-providers' });
    expect(await screen.findByText('No identity providers yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create identity provider' })).toHaveAttribute(
      'href',
      '/identity-providers/create',
    );
  });
});
