import { ERROR_MESSAGES, MFA_POLICY_MESSAGES, PASSKEY_TEXTS } from '@skyvault/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../core/paths/routes';
import { LOGGED_IN_KEY } from '../../../core/session/loggedInFlag';
import { apiError } from '../../../test/fetchStub';
import { adminUser } from '../../../test/fixtures';
import { findLocation, renderPublicPage, sentBody, stubApi } from '../../../test/renderPublicPage';
import { LoginPage } from '../LoginPage';

const startAuthentication = vi.hoisted(() => vi.fn());
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication }));

afterEach(() => startAuthentication.mockReset());

const SUPPORT = 'GET /api/v1/auth/passkeys/support';
const available = { body: { available: true, rpId: 'localhost', reason: null } };
const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const assertion = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

const openLogin = (query = '') =>
  renderPublicPage(`${routes['auth.login']}${query}`, { path: routes['auth.login'], element: <LoginPage /> });
const passkeyButton = () => screen.findByRole('button', { name: PASSKEY_TEXTS.signInWithPasskey });

describe('Login page: signing in with a passkey alone', () => {
  it('is not offered where the console cannot use passkeys', async () => {
    const fetchMock = stubApi({
      [SUPPORT]: {
        body: { available: false, rpId: null, reason: MFA_POLICY_MESSAGES.passkeysUnavailableIp },
      },
    });
    openLogin();
    expect(await screen.findByLabelText(/^Email/)).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/passkeys/support'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: PASSKEY_TEXTS.signInWithPasskey })).toBeNull();
  });

  it('signs in with a discoverable passkey and goes where the login was asked to go', async () => {
    const user = userEvent.setup();
    startAuthentication.mockResolvedValue(assertion);
    const fetchMock = stubApi({
      [SUPPORT]: available,
      'POST /api/v1/auth/passkeys/options': { body: { options } },
      'POST /api/v1/auth/passkeys/login': { body: adminUser },
    });
    openLogin(`?redirectTo=${encodeURIComponent('/users')}`);
    await user.click(await passkeyButton());

    expect((await findLocation()).pathname).toBe('/users');
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(sentBody(fetchMock, 'POST', '/api/v1/auth/passkeys/login')).toEqual({
      response: assertion,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('true');
    expect(screen.getByTestId('session-email')).toHaveTextContent(adminUser.email);
  });

  it('is offered at the tenant-name flow’s first step too, and not once the tenant is entered', async () => {
    const user = userEvent.setup();
    stubApi({ [SUPPORT]: available });
    openLogin();
    await passkeyButton();
    await user.click(screen.getByRole('button', { name: 'Use tenant name' }));
    expect(await passkeyButton()).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Tenant name/), 'acme{Enter}');
    expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PASSKEY_TEXTS.signInWithPasskey })).toBeNull();
  });

  it('says so when the browser’s request is cancelled, and stays on the page', async () => {
    const user = userEvent.setup();
    startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const fetchMock = stubApi({
      [SUPPORT]: available,
      'POST /api/v1/auth/passkeys/options': { body: { options } },
    });
    openLogin();
    await user.click(await passkeyButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_TEXTS.cancelled);
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/passkeys/login'))).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
  });

  it('says why the API refused the passkey', async () => {
    const user = userEvent.setup();
    startAuthentication.mockResolvedValue(assertion);
    stubApi({
      [SUPPORT]: available,
      'POST /api/v1/auth/passkeys/options': { body: { options } },
      'POST /api/v1/auth/passkeys/login': apiError(
        401,
        'INVALID_CREDENTIALS',
        MFA_POLICY_MESSAGES.passkeyUnknown,
      ),
    });
    openLogin();
    await user.click(await passkeyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(MFA_POLICY_MESSAGES.passkeyUnknown);
  });

  it('shows the providers of an organization that enforces single sign-on instead of signing in', async () => {
    const user = userEvent.setup();
    startAuthentication.mockResolvedValue(assertion);
    const okta = {
      id: 'p1',
      buttonText: 'Acme Okta',
      buttonImageId: null,
      redirectUrl: '/api/v1/sso/p1/start',
    };
    const refused = apiError(403, 'SSO_REQUIRED', ERROR_MESSAGES.SSO_REQUIRED);
    stubApi({
      [SUPPORT]: available,
      'POST /api/v1/auth/passkeys/options': { body: { options } },
      'POST /api/v1/auth/passkeys/login': { ...refused, body: { ...refused.body, providers: [okta] } },
    });
    openLogin();
    await user.click(await passkeyButton());
    expect(await screen.findByText(ERROR_MESSAGES.SSO_REQUIRED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme Okta' })).toHaveAttribute('href', okta.redirectUrl);
  });
});
