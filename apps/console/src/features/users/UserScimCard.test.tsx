import type { User } from '@skyvault/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace } from '../../test/users.fixtures';
import { UserScimCard } from './UserScimCard';
import { useUser } from './users.queries';

const USER = `/api/v1/users/${grace.id}`;

/** The card as the user's page shows it: fed by the user's query, so a saved change shows. */
function Page() {
  const user = useUser(grace.id).data;
  return user ? <UserScimCard user={user} /> : null;
}

const toggle = () => screen.findByRole('switch', { name: 'Managed by SCIM' });

describe('UserScimCard', () => {
  it('puts a user under SCIM and takes them out again, each saved', async () => {
    let current: User = grace;
    const fetchMock = stubFetch({
      [`GET ${USER}`]: () => ({ body: current }),
      [`PATCH ${USER}`]: (init) => {
        current = { ...current, ...bodyOf(init) };
        return { body: current };
      },
    });
    renderWithProviders(<Page />, { path: `/users/${grace.id}` });

    const control = await toggle();
    expect(control).not.toBeChecked();
    expect(control).toHaveAccessibleDescription(/SCIM client may change or remove this user/);
    fireEvent.click(control);
    expect(await screen.findByText('The user is now managed by SCIM')).toBeInTheDocument();
    await waitFor(async () => expect(await toggle()).toBeChecked());
    fireEvent.click(await toggle());
    await waitFor(async () => expect(await toggle()).not.toBeChecked());
    const sent = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => bodyOf(init));
    expect(sent).toEqual([{ scimManaged: true }, { scimManaged: false }]);
  });

  it("keeps an administrator's switch off and disabled, whatever their flag says", async () => {
    stubFetch({ [`GET ${USER}`]: { body: { ...grace, isAdmin: true, scimManaged: true } } });
    renderWithProviders(<Page />, { path: `/users/${grace.id}` });
    const control = await toggle();
    expect(control).not.toBeChecked();
    expect(control).toBeDisabled();
    expect(control).toHaveAccessibleDescription(
      'Administrators are never managed by SCIM: only the console changes them.',
    );
  });

  it('tells a refusal and leaves the switch as it was', async () => {
    stubFetch({
      [`GET ${USER}`]: { body: grace },
      [`PATCH ${USER}`]: apiError(403, 'INSUFFICIENT_ACCESS', 'Insufficient access'),
    });
    renderWithProviders(<Page />, { path: `/users/${grace.id}` });
    fireEvent.click(await toggle());
    expect(await screen.findByText('Insufficient access')).toBeInTheDocument();
    expect(await toggle()).not.toBeChecked();
  });
});
