import { USER_MFA_TEXTS, type UserMfa } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace } from '../../test/users.fixtures';
import { UserActions } from './UserActions';
import { UserSessionsCard } from './UserSessionsCard';

const MFA = `/api/v1/users/${grace.id}/mfa`;
const SESSIONS = `/api/v1/users/${grace.id}/sessions`;
const RESET = `/api/v1/users/password/${grace.id}/reset`;
const withPasskeys: UserMfa = { totpDevices: 0, passkeys: 2, recoveryCodesRemaining: 10, enrolled: true };
const withoutPasskeys: UserMfa = { ...withPasskeys, passkeys: 0, enrolled: false };
const session = {
  id: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
  device: 'Chrome on macOS',
  userAgent: 'Mozilla/5.0',
  ip: '192.0.2.10',
  createdAt: '2025-03-04T14:05:00.000Z',
  lastUsedAt: '2025-03-05T09:30:00.000Z',
  expiresAt: '2025-03-06T09:30:00.000Z',
  current: false,
};
const OPTION = USER_MFA_TEXTS.removePasskeys(2);

/** Reset password from the Actions menu, up to its confirmation. */
async function askToReset() {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Reset password' }));
  return screen.findByRole('dialog', { name: 'Reset the password of this user?' });
}

describe("removing a user's passkeys with Reset password and End all sessions", () => {
  it('Reset password offers it, and sends removePasskeys when ticked', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      [`GET ${MFA}`]: { body: withPasskeys },
      [`POST ${RESET}`]: (init) => {
        bodies.push(bodyOf(init));
        return { status: 204 };
      },
    });
    renderWithProviders(<UserActions user={grace} />, { path: `/users/${grace.id}` });
    const dialog = await askToReset();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: OPTION }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(bodies).toEqual([{ removePasskeys: true }]));
  });

  it('Reset password sends no option unticked, and offers none to a user without passkeys', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      [`GET ${MFA}`]: { body: withoutPasskeys },
      [`POST ${RESET}`]: (init) => {
        bodies.push(init?.body ?? null);
        return { status: 204 };
      },
    });
    renderWithProviders(<UserActions user={grace} />, { path: `/users/${grace.id}` });
    const dialog = await askToReset();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0] === null || bodies[0] === 'null').toBe(true);
  });

  it('End all sessions offers it, and sends removePasskeys when ticked', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      [`GET ${MFA}`]: { body: withPasskeys },
      [`GET ${SESSIONS}`]: { body: { sessions: [session] } },
      [`DELETE ${SESSIONS}`]: (init) => {
        bodies.push(bodyOf(init));
        return { status: 204 };
      },
    });
    renderWithProviders(<UserSessionsCard userId={grace.id} />, { path: `/users/${grace.id}` });
    // The button is enabled once the sessions it would end have loaded.
    const endAll = await screen.findByRole('button', { name: 'End all sessions' });
    await waitFor(() => expect(endAll).toBeEnabled());
    fireEvent.click(endAll);
    const dialog = await screen.findByRole('dialog', { name: 'End all sessions of this user?' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: OPTION }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(bodies).toEqual([{ removePasskeys: true }]));
  });
});
