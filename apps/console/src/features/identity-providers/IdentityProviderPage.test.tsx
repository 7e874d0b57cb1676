import type { IdentityProvider } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { IdentityProviderDetails } from './IdentityProviderPage';
import { entraProvider, oktaProvider, providerUrl, salesGroup } from './identity-providers.fixtures';
import { identityProviderKeys } from './identity-providers.queries';

function renderDetails(provider: IdentityProvider, extra: Record<string, FetchRoute> = {}) {
  const fetchMock = stubFetch({
    [`GET ${providerUrl}`]: { body: provider },
    [`GET /api/v1/groups/${salesGroup.id}`]: { body: salesGroup },
    ...extra,
  });
  const view = renderWithProviders(<IdentityProviderDetails id={provider.id} />, {
    path: `/identity-providers/${provider.id}`,
  });
  return { ...view, fetchMock };
}

async function openActions() {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  return screen.findByRole('menu');
}

const menuItems = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('IdentityProviderDetails', () => {
  it('shows a SAML provider: its metadata, our entity id and ACS URL to copy, SP metadata and Test sign-in', async () => {
    renderDetails(entraProvider, {
      [`GET /api/v1/identity-providers/${entraProvider.id}`]: { body: entraProvider },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identity Provider: Entra' }),
    ).toBeInTheDocument();
    expect(screen.getByText('SAML 2.0', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('https://sts.windows.net/tenant-id/')).toBeInTheDocument();
    expect(screen.getByText('Attribute email')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ACS URL' })).toHaveValue(
      entraProvider.type === 'Saml' ? entraProvider.providerData.sp.acsUrl : '',
    );
    expect(screen.getByRole('link', { name: 'Download SP metadata' })).toHaveAttribute(
      'href',
      `/api/v1/sso/saml/${entraProvider.id}/metadata`,
    );
    expect(screen.getByRole('link', { name: 'Test sign-in' })).toHaveAttribute(
      'href',
      `/api/v1/sso/${entraProvider.id}/start?mode=test`,
    );
    expect(screen.queryByText('(stored, never shown)')).not.toBeInTheDocument();
  });

  it('shows the provider: title, fields, masked secret, button preview, group link, Edit', async () => {
    renderDetails(oktaProvider);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identity Provider: Okta' }),
    ).toBeInTheDocument();
    expect(screen.getByText('OpenID Connect', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('okta-client')).toBeInTheDocument();
    expect(screen.getByText('https://acme.okta.example.com')).toBeInTheDocument();
    expect(screen.getByText('(stored, never shown)')).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/api/v1/sso/callback`)).toBeInTheDocument();
    // No text of its own: the login page says 'Connect' and the name.
    expect(screen.getByText('Connect Okta', { selector: 'dd' })).toBeInTheDocument();
    const preview = screen.getByRole('img', { name: 'Login button: Connect Okta' });
    expect(preview.querySelector('img')).toHaveAttribute(
      'src',
      `/api/v1/icons/${oktaProvider.buttonImageId}`,
    );
    expect(await screen.findByRole('link', { name: salesGroup.name })).toHaveAttribute(
      'href',
      `/groups/${salesGroup.id}`,
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/identity-providers/${oktaProvider.id}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Back to Identity Providers' })).toHaveAttribute(
      'href',
      '/identity-providers',
    );
  });

  it('offers Disable and Delete for an active provider', async () => {
    renderDetails(oktaProvider);
    expect(menuItems(await openActions())).toEqual(['Disable', 'Delete']);
  });

  it('disables after the confirmation and says so', async () => {
    let active = true;
    const { fetchMock } = renderDetails(oktaProvider, {
      [`GET ${providerUrl}`]: () => ({ body: { ...oktaProvider, active } }),
      [`PATCH ${providerUrl}/disable`]: () => {
        active = false;
        return { body: { ...oktaProvider, active } };
      },
    });
    fireEvent.click(within(await openActions()).getByRole('menuitem', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable Identity Provider?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    fireEvent.click(within(await openActions()).getByRole('menuitem', { name: 'Disable' }));
    const again = await screen.findByRole('dialog', { name: 'Disable Identity Provider?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Identity Provider was successfully disabled')).toBeInTheDocument();
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
  });

  it('enables a disabled provider at once, without asking', async () => {
    renderDetails(
      { ...oktaProvider, active: false },
      { [`PATCH ${providerUrl}/enable`]: { body: oktaProvider } },
    );
    const menu = await openActions();
    expect(menuItems(menu)).toEqual(['Enable', 'Delete']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Enable' }));
    expect(await screen.findByText('Identity Provider was successfully enabled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it('deletes after the confirmation and goes back to the list', async () => {
    const { router } = renderDetails(oktaProvider, { [`DELETE ${providerUrl}`]: { status: 204 } });
    fireEvent.click(within(await openActions()).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Identity Provider?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/identity-providers'));
    expect(await screen.findByText('IdentityProvider was successfully deleted')).toBeInTheDocument();
  });

  it('goes back to the list when the provider cannot be loaded', async () => {
    const { router } = renderDetails(oktaProvider, {
      [`GET ${providerUrl}`]: apiError(404, 'NOT_FOUND', 'Identity provider not found.'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/identity-providers'));
  });

  it('leaves an ended session to the shared handler', async () => {
    const { router, queryClient } = renderDetails(oktaProvider, {
      [`GET ${providerUrl}`]: apiError(401, 'INVALID_SESSION_EXCEPTION', 'Session expired'),
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(identityProviderKeys.detail(oktaProvider.id))?.status).toBe('error'),
    );
    expect(router.state.location.pathname).toBe(`/identity-providers/${oktaProvider.id}`);
  });
});
