import type { AuthPolicy } from '@skyvault/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AuthPolicyPage } from './AuthPolicyPage';

const POLICY = 'GET /api/v1/auth-policy';
const SAVE = 'PATCH /api/v1/auth-policy';
const policy: AuthPolicy = {
  mfaPolicy: 'administrators',
  mfaGraceDays: 7,
  mfaEnforcedAt: '2026-03-01T09:00:00.000Z',
  refuseBreachedPasswords: true,
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
    expect(sent).toEqual({ mfaPolicy: 'everyone', mfaGraceDays: 3, refuseBreachedPasswords: false });
    // Saved: the form holds the answer and has nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByRole('radio', { name: 'Required for everyone' })).toBeChecked();
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
