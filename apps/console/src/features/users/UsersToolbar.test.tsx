import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace, salesGroup } from '../../test/users.fixtures';
import { UsersPage } from './UsersPage';

describe('the users list group filter', () => {
  it('shows the chosen group in a plain field with the rows, then becomes the picker', async () => {
    stubFetch({
      'GET /api/v1/users': { body: { users: [grace], total: 1, next: null } },
      [`GET /api/v1/groups/${salesGroup.id}`]: { body: salesGroup },
    });
    renderWithProviders(<UsersPage />, { path: '/users', url: `/users?groupId=${salesGroup.id}` });

    // Until the picker's code has loaded: a field that is not yet a combobox, with the group's name.
    const standIn = await screen.findByRole('textbox', { name: 'Group' });
    expect(screen.queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
    await screen.findByDisplayValue('Sales team');
    expect(standIn).toHaveAttribute('readonly');

    // The test runner compiles the picker's modules on first import: longer than a browser takes.
    const picker = await screen.findByRole('combobox', { name: 'Group' }, { timeout: 10_000 });
    expect(picker).toHaveValue('Sales team');
    expect(screen.queryByRole('textbox', { name: 'Group' })).not.toBeInTheDocument();
  });
});
