import { ERROR_MESSAGES, SSO_ENFORCEMENT_TEXTS } from '@skyvault/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../core/paths/routes';
import { apiError } from '../../../test/fetchStub';
import { renderPublicPage, sentBody, stubApi } from '../../../test/renderPublicPage';
import { LoginPage } from '../LoginPage';

const okta = {
  id: '5b0e7c1a-2f3d-4e5a-8b6c-7d8e9f0a1b2c',
  buttonText: 'Acme Okta',
  buttonImageId: null,
  redirectUrl: '/api/v1/sso/5b0e7c1a-2f3d-4e5a-8b6c-7d8e9f0a1b2c/start?login_hint=ada%40acme.com',
};
const entra = {
  ...okta,
  id: '6c1f8d2b-3a4e-4f6b-9c7d-8e9f0a1b2c3d',
  buttonText: 'Acme Entra',
  redirectUrl: '/entra',
};

const openLogin = (query = '') =>
  renderPublicPage(`${routes['auth.login']}${query}`, { path: routes['auth.login'], element: <LoginPage /> });

describe('home-realm discovery and enforcement at the login page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes straight to the one provider of the address, with the page’s redirect target as state', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/v1/auth/home-realm': { body: { providers: [okta] } } });
    openLogin('?redirectTo=%2Fgroups');
    await user.type(screen.getByLabelText(/^Email/), 'ada@acme.com{Enter}');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(okta.redirectUrl));
    expect(sentBody(fetchMock, 'POST', '/api/v1/auth/home-realm')).toEqual({
      email: 'ada@acme.com',
      state: '/groups',
    });
    // No code was sent.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('verification-codes'))).toBe(false);
  });

  it('offers the choice of several providers, and "Use a different sign-in" sends a code instead', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/auth/home-realm': { body: { providers: [okta, entra] } },
      'POST /api/v1/verification-codes': { status: 204 },
    });
    openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ada@acme.com{Enter}');
    const choice = await screen.findByRole('region', { name: SSO_ENFORCEMENT_TEXTS.chooseProvider });
    expect(within(choice).getByRole('link', { name: 'Acme Okta' })).toHaveAttribute('href', okta.redirectUrl);
    expect(within(choice).getByRole('link', { name: 'Acme Entra' })).toHaveAttribute('href', '/entra');

    await user.click(screen.getByRole('button', { name: SSO_ENFORCEMENT_TEXTS.otherSignIn }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/We have sent a verification code to/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('home-realm'))).toHaveLength(1);
  });

  it('shows the enforcement refusal of a password with the providers to use', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/auth/pre-login': {
        ...apiError(403, 'SSO_REQUIRED', ERROR_MESSAGES.SSO_REQUIRED),
        body: { ...apiError(403, 'SSO_REQUIRED', ERROR_MESSAGES.SSO_REQUIRED).body, providers: [okta] },
      },
    });
    openLogin('?tenantName=acme&email=ada%40acme.com');
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123{Enter}');
    expect(await screen.findByText(ERROR_MESSAGES.SSO_REQUIRED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme Okta' })).toHaveAttribute('href', okta.redirectUrl);
  });
});
