import {
  MFA_POLICY_MESSAGES,
  PASSKEY_TEXTS,
  RECOVERY_CODE_TEXTS,
  SECOND_FACTOR_TEXTS,
} from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../core/paths/routes';
import { apiError } from '../../../test/fetchStub';
import { adminUser } from '../../../test/fixtures';
import { findLocation, renderPublicPage, sentBody, stubApi } from '../../../test/renderPublicPage';
import { LoginPage } from '../LoginPage';

// The browser's part of WebAuthn: jsdom has none, so the library's call stands in for the authenticator.
const startAuthentication = vi.hoisted(() => vi.fn());
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication }));

afterEach(() => startAuthentication.mockReset());

const passkeyOptions = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] };
const assertion = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
};
const credentials = { email: 'ada@example.com', tenantName: 'acme', password: 'Secret-123' };
const LOGIN = '/api/v1/auth/login';

const openLogin = (query = '?tenantName=acme&email=ada%40example.com') =>
  renderPublicPage(`${routes['auth.login']}${query}`, { path: routes['auth.login'], element: <LoginPage /> });

async function passwordThenDialog(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.type(await screen.findByLabelText(/^Password/), 'Secret-123{Enter}');
  return screen.findByRole('dialog', { name: title });
}

describe('Login page: the second factor', () => {
  it('sends a recovery code instead of the authenticator code, checked by its rule first', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/auth/pre-login': { body: { isMfaEnabled: true, totp: true } },
      [`POST ${LOGIN}`]: apiError(400, 'INVALID_TOTP', MFA_POLICY_MESSAGES.recoveryCodeIncorrect, {
        recoveryCode: MFA_POLICY_MESSAGES.recoveryCodeIncorrect,
      }),
    });
    openLogin();
    let dialog = await passwordThenDialog(user, 'Enter 6-digit verification code');
    // No passkeys: nothing offers one.
    expect(within(dialog).queryByRole('button', { name: PASSKEY_TEXTS.usePasskey })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.useRecoveryCode }));
    dialog = await screen.findByRole('dialog', { name: SECOND_FACTOR_TEXTS.recoveryCodeTitle });
    const field = within(dialog).getByLabelText(/^Recovery code/);
    await user.type(field, 'abc{Enter}');
    expect(await within(dialog).findByText(MFA_POLICY_MESSAGES.recoveryCodeInvalid)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(LOGIN))).toBe(false);

    await user.clear(field);
    await user.type(field, ' ABCDE 12345 {Enter}');
    // A wrong or used code is said on the field, and the dialog stays for another.
    expect(await within(dialog).findByText(MFA_POLICY_MESSAGES.recoveryCodeIncorrect)).toBeInTheDocument();
    const body = sentBody(fetchMock, 'POST', LOGIN);
    expect(body).toMatchObject({ ...credentials, recoveryCode: 'abcde-12345' });
    expect(body).not.toHaveProperty('code');
  });

  it('switches between the authenticator code and a recovery code, and signs in with the latter', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'POST /api/v1/auth/pre-login': { body: { isMfaEnabled: true, totp: true } },
      [`POST ${LOGIN}`]: { body: adminUser },
    });
    openLogin();
    let dialog = await passwordThenDialog(user, 'Enter 6-digit verification code');
    await user.type(within(dialog).getByLabelText(/^Verification code/), '12');
    await user.click(within(dialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.useRecoveryCode }));
    dialog = await screen.findByRole('dialog', { name: SECOND_FACTOR_TEXTS.recoveryCodeTitle });
    await user.click(within(dialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.useAuthenticatorCode }));
    dialog = await screen.findByRole('dialog', { name: 'Enter 6-digit verification code' });
    // Each way starts afresh.
    expect(within(dialog).getByLabelText(/^Verification code/)).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.useRecoveryCode }));
    dialog = await screen.findByRole('dialog', { name: SECOND_FACTOR_TEXTS.recoveryCodeTitle });
    await user.type(within(dialog).getByLabelText(/^Recovery code/), 'fghij-67890{Enter}');

    expect((await findLocation()).pathname).toBe('/licenses');
    expect(sentBody(fetchMock, 'POST', LOGIN)).toMatchObject({ ...credentials, recoveryCode: 'fghij-67890' });
  });

  it('completes the second factor with a passkey, from the challenge pre-login gave', async () => {
    const user = userEvent.setup();
    startAuthentication.mockResolvedValue(assertion);
    const fetchMock = stubApi({
      'POST /api/v1/auth/pre-login': { body: { isMfaEnabled: true, totp: true, passkeyOptions } },
      [`POST ${LOGIN}`]: { body: adminUser },
    });
    openLogin();
    const dialog = await passwordThenDialog(user, 'Enter 6-digit verification code');
    await user.click(within(dialog).getByRole('button', { name: PASSKEY_TEXTS.usePasskey }));

    expect((await findLocation()).pathname).toBe('/licenses');
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: passkeyOptions });
    const body = sentBody(fetchMock, 'POST', LOGIN);
    expect(body).toMatchObject({ ...credentials, passkey: assertion });
    expect(body).not.toHaveProperty('code');
  });

  it('offers the passkey first to a user without an authenticator app, and says when it is cancelled', async () => {
    const user = userEvent.setup();
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
    });
    startAuthentication.mockRejectedValueOnce(cancelled).mockResolvedValueOnce(assertion);
    const fetchMock = stubApi({
      'POST /api/v1/auth/pre-login': { body: { isMfaEnabled: true, totp: false, passkeyOptions } },
      [`POST ${LOGIN}`]: { body: adminUser },
    });
    openLogin();
    const dialog = await passwordThenDialog(user, SECOND_FACTOR_TEXTS.passkeyTitle);
    // No authenticator app to switch to; a recovery code is always possible.
    expect(
      within(dialog).queryByRole('button', { name: RECOVERY_CODE_TEXTS.useAuthenticatorCode }),
    ).toBeNull();
    expect(
      within(dialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.useRecoveryCode }),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: PASSKEY_TEXTS.usePasskey }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PASSKEY_TEXTS.cancelled);
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(LOGIN))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: PASSKEY_TEXTS.usePasskey }));
    expect((await findLocation()).pathname).toBe('/licenses');
    expect(sentBody(fetchMock, 'POST', LOGIN)).toMatchObject({ passkey: assertion });
  });

  it('asks for a new challenge after the API refuses a passkey', async () => {
    const user = userEvent.setup();
    startAuthentication.mockResolvedValue(assertion);
    let preLogins = 0;
    const fetchMock = stubApi({
      'POST /api/v1/auth/pre-login': () => ({
        body: {
          isMfaEnabled: true,
          totp: false,
          passkeyOptions: { ...passkeyOptions, challenge: `c${++preLogins}` },
        },
      }),
      [`POST ${LOGIN}`]: apiError(400, 'INVALID_TOTP', MFA_POLICY_MESSAGES.passkeyFailed),
    });
    openLogin();
    const dialog = await passwordThenDialog(user, SECOND_FACTOR_TEXTS.passkeyTitle);
    await user.click(within(dialog).getByRole('button', { name: PASSKEY_TEXTS.usePasskey }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MFA_POLICY_MESSAGES.passkeyFailed);
    await waitFor(() => expect(preLogins).toBe(2));

    await user.click(within(dialog).getByRole('button', { name: PASSKEY_TEXTS.usePasskey }));
    await waitFor(() => expect(startAuthentication).toHaveBeenCalledTimes(2));
    expect(startAuthentication).toHaveBeenLastCalledWith({
      optionsJSON: { ...passkeyOptions, challenge: 'c2' },
    });
    expect(sentBody(fetchMock, 'POST', '/api/v1/auth/pre-login', 1)).toMatchObject(credentials);
  });

  it('sends a user the tenant requires a second factor of to the enrolment page, keeping redirectTo', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/v1/auth/pre-login': { body: { isMfaEnabled: false } },
      [`POST ${LOGIN}`]: {
        body: { ...adminUser, mfaEnrolment: { restricted: true, graceDaysLeft: 0, passkeysAvailable: true } },
      },
    });
    openLogin('?tenantName=acme&email=ada%40example.com&redirectTo=%2Fusers');
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123{Enter}');
    const location = await findLocation();
    expect(location.pathname).toBe(routes['mfa.enrolment']);
    expect(location.searchParams.get('redirectTo')).toBe('/users');
  });
});

describe('Login page: the second factor of a provider sign-in', () => {
  const SSO_FACTORS = 'POST /api/v1/sso/second-factor';

  it('finishes the sign-in with a recovery code and its ticket', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [SSO_FACTORS]: { body: { totp: true } },
      'POST /api/v1/sso/complete': { body: adminUser },
    });
    openLogin('?ssoTicket=ticket-1');
    let dialog = await screen.findByRole('dialog', { name: 'Enter 6-digit verification code' });
    expect(within(dialog).queryByRole('button', { name: PASSKEY_TEXTS.usePasskey })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: RECOVERY_CODE_TEXTS.useRecoveryCode }));
    dialog = await screen.findByRole('dialog', { name: SECOND_FACTOR_TEXTS.recoveryCodeTitle });
    await user.type(within(dialog).getByLabelText(/^Recovery code/), 'abcde12345{Enter}');

    expect((await findLocation()).pathname).toBe('/licenses');
    expect(sentBody(fetchMock, 'POST', '/api/v1/sso/complete')).toEqual({
      ticket: 'ticket-1',
      recoveryCode: 'abcde-12345',
    });
  });

  it('offers the passkey of a user without an authenticator app, and asks a new challenge after a refusal', async () => {
    const user = userEvent.setup();
    startAuthentication.mockResolvedValue(assertion);
    let asked = 0;
    let completes = 0;
    const fetchMock = stubApi({
      [SSO_FACTORS]: () => ({
        body: { totp: false, passkeyOptions: { ...passkeyOptions, challenge: `c${++asked}` } },
      }),
      'POST /api/v1/sso/complete': () =>
        ++completes === 1
          ? apiError(400, 'INVALID_TOTP', MFA_POLICY_MESSAGES.passkeyFailed)
          : { body: adminUser },
    });
    openLogin('?ssoTicket=ticket-1');
    const dialog = await screen.findByRole('dialog', { name: SECOND_FACTOR_TEXTS.passkeyTitle });
    expect(sentBody(fetchMock, 'POST', '/api/v1/sso/second-factor')).toEqual({ ticket: 'ticket-1' });
    expect(
      within(dialog).queryByRole('button', { name: RECOVERY_CODE_TEXTS.useAuthenticatorCode }),
    ).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: PASSKEY_TEXTS.usePasskey }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MFA_POLICY_MESSAGES.passkeyFailed);
    expect(sentBody(fetchMock, 'POST', '/api/v1/sso/complete')).toEqual({
      ticket: 'ticket-1',
      passkey: assertion,
    });
    await waitFor(() => expect(asked).toBe(2));

    await user.click(within(dialog).getByRole('button', { name: PASSKEY_TEXTS.usePasskey }));
    expect((await findLocation()).pathname).toBe('/licenses');
    expect(startAuthentication).toHaveBeenLastCalledWith({
      optionsJSON: { ...passkeyOptions, challenge: 'c2' },
    });
  });
});
