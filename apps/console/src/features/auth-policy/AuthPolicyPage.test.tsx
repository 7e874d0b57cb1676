import type { AuthPolicy } from '@skyvault/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AuthPolicyPage } from './AuthPolicyPage';

const POLICY = 'GET /api/v1/auth-policy';
const SAVE = 'PATCH /api/v1/auth-policy';
const policy: AuthPolicy = {
  mfaPolicy: 'administrators',
  mfaGraceDays: 7,
  mfaEnforcedAt: '2026-03-01T09:00:00.000Z',
  refuseBreachedPasswords: true,
  notifyUnusualSignIns: true,
  notifySecurityAdmins: false,
  unusualSignInSecondFactor: false,
};

/** The single sign-on card's reads (SingleSignOnCard.test.tsx covers it): a tenant without domains. */
const ssoCard = {
  'GET /api/v1/sso-enforcement/domains': { body: { domains: [] } },
  'GET /api/v1/sso-enforcement/break-glass': { body: { administrators: [], candidates: [] } },
  'GET /api/v1/identity-providers': { body: { identityProviders: [], total: 0 } },
};

const renderPage = () => renderWithProviders(<AuthPolicyPage />, { path: '/authentication' });
const graceDays = () => screen.getByRole('spinbutton', { name: /Grace period \(days\)/ });
const setGraceDays = (value: string) => fireEvent.input(graceDays(), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('AuthPolicyPage', () => {
  it("loads the tenant's policy into the form", async () => {
    stubFetch({ ...ssoCard, [POLICY]: { body: policy } });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Authentication' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Required for administrators' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Off' })).not.toBeChecked();
    expect(
      screen.getByRole('radiogroup', { name: 'Multi-factor authentication' }),
    ).toHaveAccessibleDescription(/asked to add one right after they sign in/);
    expect(graceDays()).toHaveValue(7);
    expect(screen.getByRole('switch', { name: 'Refuse breached and common passwords' })).toBeChecked();
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it.each([
    ['31', 'Grace period should be a whole number of days from 0 to 30'],
    ['', 'Grace period is required'],
  ])('refuses a grace period of %j with the rule’s message and sends nothing', async (value, message) => {
    const fetchMock = stubFetch({ ...ssoCard, [POLICY]: { body: policy } });
    renderPage();
    await screen.findByRole('radio', { name: 'Off' });
    setGraceDays(value);
    save();

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(graceDays()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('saves the whole policy and says so', async () => {
    let sent: unknown;
    stubFetch({
      ...ssoCard,
      [POLICY]: { body: policy },
      [SAVE]: (init) => {
        sent = bodyOf(init);
        return { body: { ...policy, ...bodyOf(init) } };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Required for everyone' }));
    setGraceDays('3');
    fireEvent.click(screen.getByRole('switch', { name: 'Refuse breached and common passwords' }));
    save();

    expect(await screen.findByText('Authentication policy was successfully updated')).toBeInTheDocument();
    expect(sent).toEqual({
      mfaPolicy: 'everyone',
      mfaGraceDays: 3,
      refuseBreachedPasswords: false,
      notifyUnusualSignIns: true,
      notifySecurityAdmins: false,
      unusualSignInSecondFactor: false,
    });
    // Saved: the form holds the answer and has nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByRole('radio', { name: 'Required for everyone' })).toBeChecked();
  });

  it('shows and saves the unusual sign-in choices', async () => {
    let sent: unknown;
    stubFetch({
      ...ssoCard,
      [POLICY]: { body: policy },
      [SAVE]: (init) => {
        sent = bodyOf(init);
        return { body: { ...policy, ...bodyOf(init) } };
      },
    });
    renderPage();
    const group = await screen.findByRole('group', { name: 'Unusual sign-ins' });
    expect(group).toBeInTheDocument();
    const mailUser = screen.getByRole('switch', { name: 'E-mail the user about unusual sign-ins' });
    expect(mailUser).toBeChecked();
    expect(mailUser).toHaveAccessibleDescription(/a link that ends that session/);
    const copy = screen.getByRole('switch', {
      name: 'Also e-mail Security administrators when an administrator signs in unusually',
    });
    const factor = screen.getByRole('switch', { name: 'Require a second factor for unusual sign-ins' });
    expect(copy).not.toBeChecked();
    expect(factor).not.toBeChecked();
    expect(factor).toHaveAccessibleDescription(/Users without one are let in and told by e-mail/);
    fireEvent.click(copy);
    fireEvent.click(factor);
    fireEvent.click(mailUser);
    save();

    expect(await screen.findByText('Authentication policy was successfully updated')).toBeInTheDocument();
    expect(sent).toMatchObject({
      notifyUnusualSignIns: false,
      notifySecurityAdmins: true,
      unusualSignInSecondFactor: true,
    });
  });

  it("shows the server's refusal next to its field", async () => {
    stubFetch({
      ...ssoCard,
      [POLICY]: { body: policy },
      [SAVE]: apiError(
        400,
        'VALIDATION_ERROR',
        'Grace period should be a whole number of days from 0 to 30',
        {
          mfaGraceDays: 'Grace period should be a whole number of days from 0 to 30',
        },
      ),
    });
    const { handleError } = renderPage();
    await screen.findByRole('radio', { name: 'Off' });
    setGraceDays('30');
    save();

    expect(
      await screen.findByText('Grace period should be a whole number of days from 0 to 30'),
    ).toBeInTheDocument();
    expect(handleError).not.toHaveBeenCalled();
  });

  it('offers to try again when the policy cannot be loaded', async () => {
    const fetchMock = stubFetch({
      ...ssoCard,
      [POLICY]: apiError(503, 'SERVICE_UNAVAILABLE', 'Unavailable'),
    });
    renderPage();
    expect(await screen.findByText('The authentication policy could not be loaded')).toBeInTheDocument();
    fetchMock.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });
});

describe('AuthPolicyPage by administrator role', () => {
  it('shows an Auditor the policy read-only, without Save', async () => {
    stubFetch({ ...ssoCard, [POLICY]: { body: policy } });
    renderWithProviders(<AuthPolicyPage />, { path: '/authentication', session: administrator('Auditor') });
    expect(await screen.findByRole('radio', { name: 'Required for administrators' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Off' })).toBeDisabled();
    expect(graceDays()).toBeDisabled();
    expect(screen.getByRole('switch', { name: /breached/i })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('lets a Security administrator change and save it', async () => {
    stubFetch({ ...ssoCard, [POLICY]: { body: policy } });
    renderWithProviders(<AuthPolicyPage />, {
      path: '/authentication',
      session: administrator('SecurityAdministrator'),
    });
    expect(await screen.findByRole('radio', { name: 'Off' })).toBeEnabled();
    expect(graceDays()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
