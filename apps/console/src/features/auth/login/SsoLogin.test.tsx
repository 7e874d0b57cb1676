import { ERROR_MESSAGES } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../core/paths/routes';
import { LOGGED_IN_KEY } from '../../../core/session/loggedInFlag';
import { apiError } from '../../../test/fetchStub';
import { adminUser, incorrectCode } from '../../../test/fixtures';
import { findLocation, renderPublicPage, sentBody, stubApi } from '../../../test/renderPublicPage';
import { LoginPage } from '../LoginPage';

const BUTTONS_PATH = '/api/v1/identity-providers/login-buttons';
const ICON_ID = '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a';
const oktaButton = {
  buttonText: 'Connect Okta',
  redirectUrl: '/api/v1/sso/9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/start?state=%2Fusers',
  buttonImageId: ICON_ID,
};
const plainButton = {
  buttonText: 'Sign in with Entra',
  redirectUrl: '/api/v1/sso/2c3d4e5f-6a7b-4c8d-8e9f-0a1b2c3d4e5f/start',
  buttonImageId: null,
};

const openLogin = (query = '') =>
  renderPublicPage(`${routes['auth.login']}${query}`, { path: routes['auth.login'], element: <LoginPage /> });

const providerButtons = () => screen.queryByRole('region', { name: 'Log in with an identity provider' });

describe('Login page: identity provider buttons', () => {
  it("shows the tenant's buttons once its name is entered, carrying redirectTo as the state", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`POST ${BUTTONS_PATH}`]: { body: [oktaButton, plainButton] } });
    openLogin(`?redirectTo=${encodeURIComponent('/users')}`);
    await user.click(screen.getByRole('button', { name: 'Use tenant name' }));
    expect(providerButtons()).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Tenant name/), 'acme{Enter}');

    const region = await screen.findByRole('region', { name: 'Log in with an identity provider' });
    const okta = within(region).getByRole('link', { name: 'Connect Okta' });
    // A plain link: the browser loads the start path as a document.
    expect(okta).toHaveAttribute('href', oktaButton.redirectUrl);
    expect(okta.querySelector('img')).toHaveAttribute('src', `/api/v1/icons/${ICON_ID}`);
    const entra = within(region).getByRole('link', { name: 'Sign in with Entra' });
    expect(entra.querySelector('img')).toBeNull();
    expect(sentBody(fetchMock, 'POST', BUTTONS_PATH)).toEqual({ tenantName: 'acme', state: '/users' });
  });

  it('asks for the buttons of the tenant chosen in the e-mail flow', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/verification-codes': { status: 204 },
      'POST /api/v1/verification-codes/verify': {
        body: { tenants: [{ id: '5b0e7c1a-2f3d-4e5a-8b6c-7d8e9f0a1b2c', name: 'globex' }] },
      },
      [`POST ${BUTTONS_PATH}`]: { body: [oktaButton] },
    });
    openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText(/^Verification code/), '123456{Enter}');
    await user.click(await screen.findByLabelText('globex'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('link', { name: 'Connect Okta' })).toBeInTheDocument();
    // No redirectTo: no state, the API then signs in to the console's start.
    expect(sentBody(fetchMock, 'POST', BUTTONS_PATH)).toEqual({ tenantName: 'globex' });
  });

  it('never sends an absolute redirectTo as the state', async () => {
    const fetchMock = stubApi({ [`POST ${BUTTONS_PATH}`]: { body: [oktaButton] } });
    openLogin(`?tenantName=acme&redirectTo=${encodeURIComponent('https://evil.example/')}`);
    await screen.findByRole('link', { name: 'Connect Okta' });
    expect(sentBody(fetchMock, 'POST', BUTTONS_PATH)).toEqual({ tenantName: 'acme' });
  });

  it('shows no buttons, and no error, when the buttons cannot be loaded', async () => {
    stubApi({
      [`POST ${BUTTONS_PATH}`]: apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'),
    });
    openLogin('?tenantName=acme');
    expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(providerButtons()).not.toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
  });
});

describe('Login page: coming back from an identity provider', () => {
  it('shows why the sign-in was refused', async () => {
    stubApi({});
    openLogin('?ssoError=IP_NOT_ALLOWED');
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.IP_NOT_ALLOWED);
  });

  it('reads an unknown error code as a failed single sign-on', async () => {
    const user = userEvent.setup();
    stubApi({});
    openLogin('?ssoError=%3Cscript%3E');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.SSO_FAILED);
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for the MFA code of a ticket, finishes the sign-in with it and goes on', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fetchMock = stubApi({
      'POST /api/v1/sso/second-factor': { body: { totp: true } },
      'POST /api/v1/sso/complete': () => (++calls === 1 ? incorrectCode : { body: adminUser }),
    });
    openLogin(`?ssoTicket=ticket-1&redirectTo=${encodeURIComponent('/users')}`);

    const dialog = await screen.findByRole('dialog', { name: 'Enter 6-digit verification code' });
    await user.type(within(dialog).getByLabelText(/^Verification code/), '111111{Enter}');
    expect(await within(dialog).findByText('The verification code is incorrect.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Verification code/));
    await user.type(within(dialog).getByLabelText(/^Verification code/), '123456{Enter}');

    expect((await findLocation()).pathname).toBe('/users');
    expect(sentBody(fetchMock, 'POST', '/api/v1/sso/complete', 1)).toEqual({
      ticket: 'ticket-1',
      code: '123456',
    });
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('true');
    expect(screen.getByTestId('session-email')).toHaveTextContent(adminUser.email);
  });

  it('goes to the licenses list without a redirectTo', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/sso/second-factor': { body: { totp: true } },
      'POST /api/v1/sso/complete': { body: adminUser },
    });
    openLogin('?ssoTicket=ticket-1');
    const dialog = await screen.findByRole('dialog', { name: 'Enter 6-digit verification code' });
    await user.type(within(dialog).getByLabelText(/^Verification code/), '123456{Enter}');
    expect((await findLocation()).pathname).toBe('/licenses');
  });

  it('ends the attempt when the ticket is no longer good, saying so on the page', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/sso/second-factor': { body: { totp: true } },
      'POST /api/v1/sso/complete': apiError(400, 'SSO_FAILED', ERROR_MESSAGES.SSO_FAILED),
    });
    openLogin('?ssoTicket=expired');
    const dialog = await screen.findByRole('dialog', { name: 'Enter 6-digit verification code' });
    await user.type(within(dialog).getByLabelText(/^Verification code/), '123456{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.SSO_FAILED);
  });

  it('ends the attempt at once when the ticket has expired before the dialog opens', async () => {
    stubApi({
      'POST /api/v1/sso/second-factor': apiError(400, 'SSO_FAILED', ERROR_MESSAGES.SSO_FAILED),
    });
    openLogin('?ssoTicket=expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.SSO_FAILED);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel closes the dialog and leaves the login page as it is', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/v1/sso/second-factor': { body: { totp: true } } });
    openLogin('?ssoTicket=ticket-1');
    const dialog = await screen.findByRole('dialog', { name: 'Enter 6-digit verification code' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/sso/complete'))).toBe(false);
  });
});
