import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, bodyOf, type FetchRoute, stubFetch } from '../../test/fetchStub';
import { fill } from '../../test/fields';
import { renderWithProviders } from '../../test/renderWithProviders';
import { grace, salesGroup } from '../../test/users.fixtures';
import { UserDetails } from './UserPage';
import { UsersPage } from './UsersPage';

/** Records what each stubbed write sent. */
function stub(answers: Record<string, FetchRoute>) {
  const sent: { key: string; body: unknown }[] = [];
  stubFetch(
    Object.fromEntries(
      Object.entries(answers).map(([key, answer]) => [
        key,
        (init: RequestInit | undefined) => {
          if (init?.body) sent.push({ key, body: bodyOf(init) });
          return typeof answer === 'function' ? answer(init) : answer;
        },
      ]),
    ),
  );
  return sent;
}

const GROUPS = { 'GET /api/v1/groups': { body: { groups: [salesGroup], total: 1 } } };

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
  return screen.findByRole('dialog', { name: 'Create user' });
}

describe('Create user modal', () => {
  it('asks for names, e-mail and password with the spec messages, and sends nothing', async () => {
    const sent = stub({ 'GET /api/v1/users': { body: { users: [], total: 0 } }, ...GROUPS });
    renderWithProviders(<UsersPage />, { path: '/users' });
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();

    fill(dialog, 'Email', 'grace@');
    fill(dialog, 'Password', 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Email should be valid')).toBeInTheDocument();
    expect(within(dialog).getByText('Password should have at least 8 symbols')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('creates a user in a group, as an administrator, and says so', async () => {
    const sent = stub({
      'GET /api/v1/users': { body: { users: [], total: 0 } },
      'POST /api/v1/users': { status: 201, body: grace },
      ...GROUPS,
    });
    renderWithProviders(<UsersPage />, { path: '/users' });
    const dialog = await openCreate();
    fill(dialog, 'First name', 'Grace');
    fill(dialog, 'Last name', 'Hopper');
    fill(dialog, 'Email', 'Grace@Example.com');
    fill(dialog, 'Password', 'Secret-123!');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Group' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sales team' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Administrator' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('User was successfully created')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        key: 'POST /api/v1/users',
        body: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@example.com',
          password: 'Secret-123!',
          groupId: salesGroup.id,
          isAdmin: true,
        },
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create user' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s message for a taken e-mail at the field', async () => {
    stub({
      'GET /api/v1/users': { body: { users: [], total: 0 } },
      'POST /api/v1/users': apiError(409, 'CONFLICT', 'A user with this email already exists', {
        email: 'A user with this email already exists',
      }),
      ...GROUPS,
    });
    renderWithProviders(<UsersPage />, { path: '/users' });
    const dialog = await openCreate();
    fill(dialog, 'First name', 'Grace');
    fill(dialog, 'Last name', 'Hopper');
    fill(dialog, 'Email', 'grace@example.com');
    fill(dialog, 'Password', 'Secret-123!');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A user with this email already exists')).toBeInTheDocument();
  });
});

describe('Edit user modal', () => {
  const openEdit = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    return screen.findByRole('dialog', { name: 'Edit user' });
  };

  it('starts from the user; an empty password is left out and keeps the current one', async () => {
    const sent = stub({
      [`GET /api/v1/users/${grace.id}`]: { body: grace },
      [`PATCH /api/v1/users/${grace.id}`]: { body: { ...grace, lastName: 'Murray Hopper' } },
      ...GROUPS,
    });
    renderWithProviders(<UserDetails id={grace.id} />, { path: `/users/${grace.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'User: Grace Hopper' })).toBeInTheDocument();
    const dialog = await openEdit();
    expect(within(dialog).getByRole('combobox', { name: 'Group' })).toHaveValue('Sales team');
    fill(dialog, 'Last name', 'Murray Hopper');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User was successfully updated')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        key: `PATCH /api/v1/users/${grace.id}`,
        body: {
          firstName: 'Grace',
          lastName: 'Murray Hopper',
          email: 'grace@example.com',
          groupId: salesGroup.id,
          isAdmin: false,
        },
      },
    ]);
  });

  it('checks a new password with the same rules', async () => {
    const sent = stub({ [`GET /api/v1/users/${grace.id}`]: { body: grace }, ...GROUPS });
    renderWithProviders(<UserDetails id={grace.id} />, { path: `/users/${grace.id}` });
    const dialog = await openEdit();
    fill(dialog, 'Password', 'abcdefgh1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Password should have at least 1 special symbol'),
    ).toBeInTheDocument();
    fill(dialog, 'First name', ' ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('Invite user modal', () => {
  it('asks for no password, sends none, and says the invitation went out', async () => {
    const sent = stub({
      'GET /api/v1/users': { body: { users: [], total: 0 } },
      'POST /api/v1/users': { status: 201, body: { ...grace, status: 'WaitConfirmation' } },
      ...GROUPS,
    });
    renderWithProviders(<UsersPage />, { path: '/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    expect(within(dialog).queryByLabelText(/Password/)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    fill(dialog, 'First name', 'Grace');
    fill(dialog, 'Last name', 'Hopper');
    fill(dialog, 'Email', 'grace@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation was successfully sent')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        key: 'POST /api/v1/users',
        body: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@example.com',
          groupId: null,
          isAdmin: false,
        },
      },
    ]);
  });
});
