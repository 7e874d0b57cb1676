import { REFUSALS, SIGN_UP_REFUSALS } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../core/paths/routes';
import { LOGGED_IN_KEY } from '../../core/session/loggedInFlag';
import { apiError } from '../../test/fetchStub';
import { adminUser, incorrectCode } from '../../test/fixtures';
import { findLocation, renderPublicPage, sentBody, stubApi } from '../../test/renderPublicPage';
import { LoginPage } from './LoginPage';

const tenants = [
  { id: '5b0e7c1a-2f3d-4e5a-8b6c-7d8e9f0a1b2c', name: 'acme' },
  { id: '6c1f8d2b-3a4e-4f6b-9c7d-8e9f0a1b2c3d', name: 'globex' },
];
const signedIn = { body: adminUser };
const noMfa = { body: { isMfaEnabled: false } };

const openLogin = (query = '') =>
  renderPublicPage(`${routes['auth.login']}${query}`, { path: routes['auth.login'], element: <LoginPage /> });

const button = (name: string) => screen.getByRole('button', { name });

describe('LoginPage', () => {
  it('logs in by e-mail: code, tenant choice, password, then the licenses list', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/verification-codes': { status: 204 },
      'POST /api/v1/verification-codes/verify': { body: { tenants } },
      'POST /api/v1/auth/pre-login': noMfa,
      'POST /api/v1/auth/login': signedIn,
    });
    openLogin();

    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), ' Ada@Example.com');
    await user.click(button('Continue'));

    expect(await screen.findByText(/We have sent a verification code to/)).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST', '/api/v1/verification-codes')).toEqual({ email: 'ada@example.com' });
    await user.click(button('Continue'));
    expect(await screen.findByText('Verification code is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Verification code/), '123456{Enter}');

    const tenantChoice = await screen.findByRole('radiogroup', { name: 'Select a tenant' });
    expect(sentBody(fetchMock, 'POST', '/api/v1/verification-codes/verify')).toEqual({
      email: 'ada@example.com',
      code: '123456',
    });
    await user.click(button('Continue'));
    expect(await screen.findByText('Please select a tenant')).toBeInTheDocument();
    await user.click(within(tenantChoice).getByLabelText('globex'));
    await user.click(button('Continue'));

    expect(await screen.findByRole('button', { name: 'Select a different tenant' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/tenants/new');
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123{Enter}');

    expect((await findLocation()).pathname).toBe('/licenses');
    const expected = { email: 'ada@example.com', tenantName: 'globex', password: 'Secret-123' };
    expect(sentBody(fetchMock, 'POST', '/api/v1/auth/pre-login')).toMatchObject(expected);
    expect(sentBody(fetchMock, 'POST', '/api/v1/auth/login')).toEqual({
      ...expected,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('true');
    // The signed-in layout finds the session in the cache instead of asking again.
    expect(screen.getByTestId('session-email')).toHaveTextContent(adminUser.email);
  });

  it('warns after the code when the e-mail has no tenants, offering sign-up or another e-mail', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/verification-codes': { status: 204 },
      'POST /api/v1/verification-codes/verify': { body: { tenants: [] } },
    });
    openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'nobody@example.com{Enter}');
    // The code step comes as for any address: nothing tells before the code is checked.
    await user.type(await screen.findByLabelText(/^Verification code/), '123456{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('No Tenants found for this email');
    const signUp = screen.getByRole('link', { name: 'Sign up with this e-mail' });
    expect(signUp).toHaveAttribute('href', '/tenants/new?email=nobody%40example.com');
    expect(signUp).toHaveFocus();
    expect(screen.queryByLabelText(/^Verification code/)).not.toBeInTheDocument();
    await user.click(button('Login with a different email'));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('nobody@example.com');
    expect(screen.queryByText('No Tenants found for this email')).not.toBeInTheDocument();
  });

  it('offers no sign-up when SIGNUP_MODE is not open: no link, and the no-tenant step says why', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/v1/brand': { body: { brand: 'skyvault', signUp: 'invitation' } },
      'POST /api/v1/verification-codes': { status: 204 },
      'POST /api/v1/verification-codes/verify': { body: { tenants: [] } },
    });
    openLogin();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument());
    await user.type(screen.getByLabelText(/^Email/), 'nobody@example.com{Enter}');
    await user.type(await screen.findByLabelText(/^Verification code/), '123456{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('No Tenants found for this email');
    expect(screen.getByText(SIGN_UP_REFUSALS.invitation, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up with this e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(button('Login with a different email')).toBeInTheDocument();
  });

  it('shows a wrong e-mailed code on its field', async () => {
    const user = userEvent.setup();
    const wrongCode = 'The verification code is incorrect or has expired.';
    stubApi({
      'POST /api/v1/verification-codes': { status: 204 },
      'POST /api/v1/verification-codes/verify': apiError(400, 'INVALID_CODE', wrongCode, { code: wrongCode }),
    });
    openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText(/^Verification code/), '000000{Enter}');
    expect(await screen.findByText(wrongCode)).toBeInTheDocument();
    await user.click(button('Login with a different email'));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  });

  it('logs in by tenant name, then e-mail and password', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/v1/auth/pre-login': noMfa, 'POST /api/v1/auth/login': signedIn });
    openLogin();
    await user.click(button('Use tenant name'));
    await user.type(await screen.findByLabelText(/^Tenant name/), 'ac{Enter}');
    expect(await screen.findByText('Tenant name should have at least 4 symbols')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Tenant name/), 'me{Enter}');

    expect(await screen.findByText('acme')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Login with a different tenant name' }),
    ).toBeInTheDocument();
    await user.click(button('Log in'));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123{Enter}');

    expect((await findLocation()).pathname).toBe('/licenses');
    expect(sentBody(fetchMock, 'POST', '/api/v1/auth/login')).toMatchObject({
      email: 'ada@example.com',
      tenantName: 'acme',
      password: 'Secret-123',
    });
  });

  it('asks for the TOTP code when pre-login says MFA is on, and logs in with it', async () => {
    const user = userEvent.setup();
    let loginCalls = 0;
    const fetchMock = stubApi({
      'POST /api/v1/auth/pre-login': { body: { isMfaEnabled: true } },
      'POST /api/v1/auth/login': () => (++loginCalls === 1 ? incorrectCode : signedIn),
    });
    openLogin('?tenantName=acme&email=ada%40example.com');
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Enter 6-digit verification code' });
    expect(loginCalls).toBe(0);
    await user.type(within(dialog).getByLabelText(/^Verification code/), '12{Enter}');
    expect(await within(dialog).findByText('TOTP length is incorrect')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Verification code/), '3456');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByText('The verification code is incorrect.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect((await findLocation()).pathname).toBe('/licenses');
    expect(sentBody(fetchMock, 'POST', '/api/v1/auth/login', 1)).toMatchObject({
      email: 'ada@example.com',
      tenantName: 'acme',
      code: '123456',
    });
  });

  it('goes to the redirectTo path after login', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/v1/auth/pre-login': noMfa, 'POST /api/v1/auth/login': signedIn });
    openLogin(`?tenantName=acme&email=ada%40example.com&redirectTo=${encodeURIComponent('/users?page=2')}`);
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123{Enter}');
    const location = await findLocation();
    expect(`${location.pathname}${location.search}`).toBe('/users?page=2');
  });

  it('refuses an absolute redirectTo URL and goes to the licenses list', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/v1/auth/pre-login': noMfa, 'POST /api/v1/auth/login': signedIn });
    openLogin(
      `?tenantName=acme&email=ada%40example.com&redirectTo=${encodeURIComponent('https://evil.example/')}`,
    );
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123{Enter}');
    expect((await findLocation()).pathname).toBe('/licenses');
  });

  it('sends a forced password reset to change password, keeping redirectTo', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/auth/pre-login': noMfa,
      'POST /api/v1/auth/login': {
        status: 403,
        body: {
          statusCode: 403,
          code: 'ForceResetPasswordException',
          message: 'You must set a new password before you continue.',
          resetCode: 'reset-1',
        },
      },
    });
    openLogin('?tenantName=acme&email=ada%40example.com&redirectTo=%2Fgroups');
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123{Enter}');
    const location = await findLocation();
    expect(location.pathname).toBe('/auth/change-password');
    expect(location.searchParams.get('code')).toBe('reset-1');
    expect(location.searchParams.get('redirectTo')).toBe('/groups');
  });

  it('shows a wrong password as the server says it, next to the password field', async () => {
    const user = userEvent.setup();
    const wrong = 'The e-mail, tenant name or password is incorrect.';
    stubApi({ 'POST /api/v1/auth/pre-login': apiError(401, 'INVALID_CREDENTIALS', wrong) });
    openLogin('?tenantName=acme&email=ada%40example.com');
    // A password of any shape is sent: only the server knows whether it is right.
    await user.type(await screen.findByLabelText(/^Password/), 'short{Enter}');
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(wrong));
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toBeInvalid();
    expect(button('Log in')).toBeEnabled();
  });

  it('checks only that a password was typed at the password step, and says there that the administrator reset it', async () => {
    const user = userEvent.setup();
    const reset = REFUSALS.signIn.passwordReset;
    const fetchMock = stubApi({
      'POST /api/v1/verification-codes': { status: 204 },
      'POST /api/v1/verification-codes/verify': { body: { tenants: [tenants[0]] } },
      'POST /api/v1/auth/pre-login': apiError(403, 'ForceResetPasswordException', reset),
    });
    openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText(/^Verification code/), '123456{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    const password = await screen.findByLabelText(/^Password/);
    await user.click(button('Log in'));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Password is required'));
    // No new-password rule: 'abc' is neither 8 long nor has a special symbol, and it is sent.
    await user.type(password, 'abc{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription(reset));
    expect(sentBody(fetchMock, 'POST', '/api/v1/auth/pre-login')).toMatchObject({ password: 'abc' });
    // No reset code came with it: the page stays, and only the e-mailed link sets a new password.
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  }, 15_000);

  it('says why the visitor is here when sent to log in first', async () => {
    stubApi({});
    openLogin('?authorized=true');
    // The notice's component loads with it; the form shows with the notice, not before it.
    expect(await screen.findByText('Please log in to continue.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
  });

  it('asks for a reset link with what the form already knows', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'PATCH /api/v1/auth/forgot-password': { status: 204 } });
    openLogin('?tenantName=acme');
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.click(button('Forgot password'));

    const dialog = await screen.findByRole('dialog', { name: 'Forgot Your Password?' });
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    expect(within(dialog).getByLabelText(/^Tenant name/)).toHaveValue('acme');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    expect(
      await within(dialog).findByText('If the account exists, we have sent a link to reset the password.'),
    ).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PATCH', '/api/v1/auth/forgot-password')).toEqual({
      email: 'ada@example.com',
      tenantName: 'acme',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
