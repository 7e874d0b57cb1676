import type { UserMfa } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace } from '../../test/users.fixtures';
import { UserMfaCard } from './UserMfaCard';

const MFA = `/api/v1/users/${grace.id}/mfa`;
const enrolled: UserMfa = { totpDevices: 2, passkeys: 1, recoveryCodesRemaining: 7, enrolled: true };
const none: UserMfa = { totpDevices: 0, passkeys: 0, recoveryCodesRemaining: 0, enrolled: false };

const card = () => screen.getByRole('region', { name: 'Multi-factor authentication' });
const countOf = (label: string) => within(card()).getByText(label).nextElementSibling?.textContent;

describe('UserMfaCard', () => {
  it('shows how many factors the user has, and resets them after confirming; the counts follow', async () => {
    let reset = false;
    const fetchMock = stubFetch({
      [`GET ${MFA}`]: () => ({ body: reset ? none : enrolled }),
      [`DELETE ${MFA}`]: () => {
        reset = true;
        return { status: 204 };
      },
    });
    renderWithProviders(<UserMfaCard userId={grace.id} />, { path: `/users/${grace.id}` });

    await waitFor(() => expect(countOf('Authenticator apps')).toBe('2'));
    expect(countOf('Passkeys')).toBe('1');
    expect(countOf('Recovery codes left')).toBe('7');

    fireEvent.click(within(card()).getByRole('button', { name: 'Reset MFA' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset this user’s MFA? Their authenticator apps, passkeys and recovery codes are removed and they are told by e-mail.',
    });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset MFA' }));

    expect(await screen.findByText('MFA was successfully reset')).toBeInTheDocument();
    await waitFor(() => expect(countOf('Authenticator apps')).toBe('0'));
    expect(countOf('Recovery codes left')).toBe('0');
    expect(within(card()).getByText('No second factor')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Reset MFA' })).toBeDisabled();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const fetchMock = stubFetch({ [`GET ${MFA}`]: { body: enrolled } });
    renderWithProviders(<UserMfaCard userId={grace.id} />, { path: `/users/${grace.id}` });
    fireEvent.click(await within(card()).findByRole('button', { name: 'Reset MFA' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it("shows an administrator's own factors without Reset MFA", async () => {
    stubFetch({ [`GET /api/v1/users/${adminUser.id}/mfa`]: { body: enrolled } });
    renderWithProviders(<UserMfaCard userId={adminUser.id} />, { path: `/users/${adminUser.id}` });
    await waitFor(() => expect(countOf('Authenticator apps')).toBe('2'));
    expect(within(card()).queryByRole('button', { name: 'Reset MFA' })).not.toBeInTheDocument();
    expect(within(card()).getByText('Reset your own factors on the MFA Devices page.')).toBeInTheDocument();
  });
});
